import { ImportOutlined } from '@ant-design/icons';
import type { ImportResult } from '@ems/contracts';
import { Button, List, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type FieldError } from '../../app/http/ApiError';
import { notice } from '../../app/notice';

const XLSX = '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Imports an Excel file in the layout the list exports. A file with bad rows changes nothing: every bad cell is
 * listed, by row and column, in the user's language.
 */
export function ImportButton({
  importCall,
  onImported,
  accept = XLSX,
}: {
  importCall: (file: File) => Promise<ImportResult>;
  onImported: () => unknown;
  /** The files the chooser offers; an Excel file unless the list reads others too (a CSV). */
  accept?: string;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<{ message: string; cells: FieldError[] } | null>(null);

  const run = async (file: File) => {
    setBusy(true);
    try {
      const result = await importCall(file);
      notice.success(t('list.imported', { count: result.Imported, created: result.Created, updated: result.Updated }));
      await onImported();
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length > 0)
        setReport({ message: error.message, cells: error.fieldErrors });
      else notice.error(error);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-testid="list-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void run(file);
        }}
      />
      <Button
        icon={<ImportOutlined />}
        loading={busy}
        onClick={() => input.current?.click()}
        data-testid="list-action-import"
      >
        {t('common.import')}
      </Button>
      <Modal
        open={report !== null}
        title={t('list.importFailed')}
        onCancel={() => setReport(null)}
        onOk={() => setReport(null)}
        cancelButtonProps={{ hidden: true }}
        width={640}
      >
        <Typography.Paragraph type="danger">{report?.message}</Typography.Paragraph>
        <List
          size="small"
          bordered
          dataSource={report?.cells ?? []}
          style={{ maxHeight: 360, overflow: 'auto' }}
          renderItem={(cell) => <List.Item data-testid="import-error">{cell.message}</List.Item>}
        />
      </Modal>
    </>
  );
}
