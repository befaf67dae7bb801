import { useRef, useState } from 'react';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { errorMessage, useList, type AnyRow } from '@steward/libs/data';
import { crmFiles, downloadUrl, filesRequest, removeStoredFile, storeFile } from './filesApi';
import { DataTable } from '@steward/libs/list';
import { LoadingText, openDownload, useSubmit } from '@steward/libs/ui';
import { formatDate } from '@steward/libs/i18n';
import { later } from '../i18n';
import type { OwnerColumn } from '../addNew';
import { useCrmWrites } from '../records/useCrmWrites';
import { fileProblem, formatBytes, typeLabel } from './fileRules';

const { useT } = later;

/**
 * The Files tab: a record's files, newest first, with type, size and date; upload into the private
 * record-files bucket (checked against the bucket's limit and types first; a file whose row cannot be
 * saved is removed again, so nothing is half-stored), download under its own name through a signed URL
 * asked for at the click, archive with Undo.
 */
export function FilesTab({ ownerColumn, ownerId, canEdit }: { ownerColumn: OwnerColumn; ownerId: string; canEdit: boolean }) {
  const t = useT();
  const writes = useCrmWrites();
  const files = useList(crmFiles, filesRequest(ownerColumn, ownerId));
  const input = useRef<HTMLInputElement>(null);
  // The upload is the platform's one submit; a refused download or archive says so in the same alert.
  const { busy, alert: failure, setAlert: setFailure, run } = useSubmit();
  const [notice, setNotice] = useState<{ message: string; undo?: () => Promise<unknown> } | null>(null);

  const upload = async (file: File) => {
    setFailure(null);
    setNotice(null);
    const problem = fileProblem(file);
    if (problem) {
      setFailure(problem);
      return;
    }
    const outcome = await run(
      async () => {
        const stored = await storeFile(writes.orgName, file);
        try {
          await writes.insert(crmFiles, { id: stored.id, name: file.name, storage_path: stored.path, content_type: file.type, size_bytes: file.size, [ownerColumn]: ownerId });
        } catch (rowProblem) {
          await removeStoredFile(stored.path).catch(() => undefined);
          throw rowProblem;
        }
      },
      (problem) => t('files.notStored', { name: file.name, message: errorMessage(problem, t('files.uploadFailed')) }),
    );
    if (outcome.ok) setNotice({ message: t('files.uploaded', { name: file.name }) });
    if (input.current) input.current.value = '';
  };
  const download = async (row: AnyRow) => {
    setFailure(null);
    try {
      if (typeof row.storage_path !== 'string') throw new Error(t('files.noStoredCopy'));
      openDownload(await downloadUrl(row.storage_path, String(row.name)));
    } catch (problem) {
      setFailure(errorMessage(problem, t('files.downloadFailed')));
    }
  };
  const archive = async (row: AnyRow & { id: string }) => {
    setFailure(null);
    try {
      await writes.update(crmFiles, row, { archive: true });
      setNotice({ message: t('files.archived', { name: String(row.name) }), undo: () => writes.update(crmFiles, { id: row.id }, { archive: false }) });
    } catch (problem) {
      setFailure(errorMessage(problem, t('common.saveFailed')));
    }
  };
  const rows = files.data?.rows ?? [];
  return (
    <Flex vertical gap={8}>
      {canEdit ? (
        <Flex gap={8} align="center" wrap>
          <label htmlFor="crm-file-upload">{t('files.uploadLabel')}</label>
          <input
            id="crm-file-upload"
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp,image/svg+xml,application/pdf"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
          {busy ? <Typography.Text>{t('files.uploading')}</Typography.Text> : null}
        </Flex>
      ) : null}
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
      {notice ? (
        <Alert
          type="success"
          showIcon
          role="status"
          title={notice.message}
          action={
            notice.undo ? (
              <Button
                size="small"
                onClick={() => {
                  const { undo } = notice;
                  setNotice(null);
                  void undo?.();
                }}
              >
                {t('common.undo')}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {files.isLoading ? <Typography.Text><LoadingText /></Typography.Text> : null}
      {files.error ? <Alert type="error" showIcon title={errorMessage(files.error, t('common.unknownError'))} /> : null}
      {!files.isLoading && !files.error && rows.length === 0 ? <Typography.Text type="secondary">{t('files.none')}</Typography.Text> : null}
      {!files.isLoading && !files.error && rows.length > 0 ? (
        <DataTable<AnyRow>
          label={t('files.table')}
          rowKey={(row) => String(row.id)}
          rows={rows}
          placeholder={null}
          columns={[
            { key: 'name', title: t('files.name'), render: (row) => String(row.name ?? '') },
            { key: 'type', title: t('files.type'), render: (row) => typeLabel(row.content_type) },
            { key: 'size', title: t('files.size'), render: (row) => formatBytes(typeof row.size_bytes === 'number' ? row.size_bytes : Number(row.size_bytes ?? Number.NaN)) },
            { key: 'date', title: t('files.added'), render: (row) => formatDate(typeof row.created_at === 'string' ? row.created_at : null) },
            {
              key: 'actions',
              title: t('files.actions'),
              render: (row) => (
                <Flex gap={4} wrap>
                  <Button size="small" aria-label={t('files.downloadName', { name: String(row.name) })} onClick={() => void download(row)}>
                    {t('files.download')}
                  </Button>
                  {canEdit ? (
                    <Button size="small" aria-label={t('files.archiveName', { name: String(row.name) })} onClick={() => void archive(row as AnyRow & { id: string })}>
                      {t('common.archive')}
                    </Button>
                  ) : null}
                </Flex>
              ),
            },
          ]}
        />
      ) : null}
    </Flex>
  );
}
