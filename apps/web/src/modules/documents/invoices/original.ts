import { notice } from '../../../app/notice';
import { saveDownload } from '../../../shared/download';
import { openInNewTab } from '../attachments/viewer';
import { walletApi } from './api';

/** Opens the file a fapiao was read from in a new tab (saved instead where the browser refuses the tab). */
export function openOriginal(invoiceId: number): void {
  openInNewTab(() => walletApi.file(invoiceId), saveDownload).catch((e) => notice.error(e));
}

/** Opens the photo or PDF a receipt was uploaded with, as `openOriginal` does a fapiao's. */
export function openReceipt(receiptId: number): void {
  openInNewTab(() => walletApi.receiptFile(receiptId), saveDownload).catch((e) => notice.error(e));
}
