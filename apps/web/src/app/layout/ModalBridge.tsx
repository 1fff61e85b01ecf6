import { Modal } from 'antd';
import { useEffect } from 'react';
import { bindModals } from '../notice';

/** Binds antd's context-aware confirm dialogs for `notice.ask` while the shell is mounted. */
export function ModalBridge() {
  const [modal, holder] = Modal.useModal();
  useEffect(() => {
    bindModals(modal);
    return () => bindModals(null);
  }, [modal]);
  return holder;
}
