import { type Culture, DEFAULT_CULTURE } from '@ems/contracts';
import { LOCAL_KEYS } from '../session/session';

/** Language at start: Chinese unless a saved language is set and is not zh-CN, then English (specification §9). */
export function startCulture(saved: string | null): Culture {
  return saved && saved !== DEFAULT_CULTURE ? 'en-GB' : DEFAULT_CULTURE;
}

let current: Culture = DEFAULT_CULTURE;

export function initialCulture(): Culture {
  current = startCulture(localStorage.getItem(LOCAL_KEYS.language));
  return current;
}

export function currentCulture(): Culture {
  return current;
}

export function rememberCulture(culture: Culture): void {
  current = culture;
  localStorage.setItem(LOCAL_KEYS.language, culture);
}
