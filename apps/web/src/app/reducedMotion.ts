import { useEffect, useState } from 'react';

/** Whether the user asked their system for less motion (`prefers-reduced-motion`), followed as they change it. */
export function useReducedMotion(): boolean {
  const [query] = useState(() =>
    typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null,
  );
  const [reduced, setReduced] = useState(query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const changed = () => setReduced(query.matches);
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, [query]);
  return reduced;
}
