import { message } from 'antd';
import { useEffect } from 'react';
import { bindMessages } from './notice';

/** antd's context-aware message API for `notice`; loaded with the first notice. */
export default function MessageHost() {
  const [api, holder] = message.useMessage();
  useEffect(() => {
    bindMessages(api);
    return () => bindMessages(null);
  }, [api]);
  return holder;
}
