import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackPageView } from './analytics';

afterEach(() => vi.unstubAllGlobals());

describe('page views', () => {
  it('sends nothing while no tracker is configured', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response()));
    vi.stubGlobal('fetch', fetch);
    trackPageView(null, 'http://app/manage/approveCenter', '审批中心', 'zh-CN');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends one view of site 11 with the page, its title and the language, without cookies', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response()));
    vi.stubGlobal('fetch', fetch);
    trackPageView('https://stats.example/matomo.php', 'http://app/manage/approveCenter', '审批中心', 'zh-CN');
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const params = new URL(url).searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      idsite: '11',
      rec: '1',
      url: 'http://app/manage/approveCenter',
      action_name: '审批中心',
      lang: 'zh-CN',
    });
    expect(init).toMatchObject({ credentials: 'omit', mode: 'no-cors' });
  });
});
