import { ConfigProvider, Modal, type ModalProps } from 'antd';
import { useContext } from 'react';

/**
 * antd's Modal, fading in place instead of zooming out of the button that opened it: its controls
 * sit where they end up from the first frame, so a click aimed at one while the dialog opens (an
 * e2e test measures, then clicks) cannot land beside it.
 */
export function FadeModal(props: ModalProps) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  return <Modal transitionName={getPrefixCls('fade')} {...props} />;
}
