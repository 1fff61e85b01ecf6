import type { TokenResponse } from '@ems/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../app/session/session';
import { initTestI18n } from '../../test/i18n';
import ViewAttachmentPage from './ViewAttachmentPage';

const view = vi.hoisted(() => vi.fn());
vi.mock('../documents/attachments/api', () => ({ attachmentApi: { view } }));

function open(url: string) {
  const router = createMemoryRouter([{ path: '/viewAttachment', element: <ViewAttachmentPage /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
}

describe('ViewAttachmentPage', () => {
  beforeAll(async () => {
    await initTestI18n('en-GB');
  });
  beforeEach(() => {
    view.mockReset();
  });

  it('keeps the notices without a session or without an id', () => {
    open('/viewAttachment?id=7');
    expect(screen.getByText('Please sign in first.')).toBeTruthy();
    expect(view).not.toHaveBeenCalled();
  });

  it('shows a picture full page for a signed-in user', async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1 } as TokenResponse);
    view.mockResolvedValue({ blob: new Blob([new Uint8Array([1])], { type: 'image/png' }), fileName: 'receipt.png' });
    open('/viewAttachment?id=7');
    const img = (await screen.findByAltText('receipt.png')) as HTMLImageElement;
    expect(img.src.startsWith('blob:')).toBe(true);
    expect(view).toHaveBeenCalledWith(7);
  });

  it('says why when the file cannot be shown', async () => {
    startSession({ access_token: 'a', refresh_token: 'r', UserID: 1, CompanyID: 1 } as TokenResponse);
    view.mockRejectedValue(new Error('error.network'));
    open('/viewAttachment?id=8');
    expect(await screen.findByText('The network connection failed. Please check it and try again.')).toBeTruthy();
  });
});
