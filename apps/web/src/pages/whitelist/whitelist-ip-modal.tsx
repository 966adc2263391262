import type { WhitelistEntry } from '@resiport/contract';
import { FormattedMessage } from 'react-intl';
import { FadeModal } from '../../components/fade-modal';
import { WhitelistIpForm } from './whitelist-ip-form';

/** What the dialog is for: a new address, or changing one already on the list. */
export type WhitelistDialog = { mode: 'add' } | { mode: 'edit'; entry: WhitelistEntry };

interface WhitelistIpModalProps {
  dialog: WhitelistDialog | undefined;
  /** The address this browser reaches the server from ("" when unknown). */
  currentIp: string;
  onClose: () => void;
}

/** Add or edit a whitelisted address: the dialog around the form. */
export function WhitelistIpModal({ dialog, currentIp, onClose }: WhitelistIpModalProps) {
  const editing = dialog?.mode === 'edit' ? dialog.entry : undefined;
  return (
    <FadeModal
      open={dialog !== undefined}
      title={<FormattedMessage id={editing ? 'whitelist.modal.edit' : 'whitelist.modal.add'} />}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={480}
    >
      {/*
        A new form at each opening, for that entry: an antd form keeps its values across mounts, so
        one shared by every opening showed (and saved) the entry edited before.
      */}
      {dialog && (
        <WhitelistIpForm
          key={editing ? `edit-${editing.id}` : 'add'}
          editing={editing}
          currentIp={currentIp}
          onDone={onClose}
        />
      )}
    </FadeModal>
  );
}
