import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/antd';
import { Modal, Select, Table } from '@steward/libs/antd-data';
import { queryKeys } from '@steward/libs/data-access';
import { useSession } from '@steward/libs/session';
import { parseCsv, type CsvRecord } from './parseCsv';
import { IMPORT_TARGETS, autoMapping, checkRows, mapRecords, type ImportError, type ImportKind, type ImportMapping } from './importTargets';
import { importRecords } from './importRecords';

const PREVIEW_ROWS = 5;
const NOUN: Record<ImportKind, string> = { business: 'businesses', contact: 'contacts' };

/** CSV import: choose a file, map its columns, preview, then import everything or nothing. */
export default function ImportWizard({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [records, setRecords] = useState<CsvRecord[]>([]);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [rowErrors, setRowErrors] = useState<ImportError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const targets = IMPORT_TARGETS[kind];
  const noun = NOUN[kind];

  const rows = useMemo(() => (header.length ? mapRecords(kind, mapping, records) : []), [header.length, kind, mapping, records]);

  const reset = () => {
    setFileName(null);
    setHeader([]);
    setRecords([]);
    setMapping({});
    setRowErrors([]);
    setMessage(null);
    setDone(null);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const readFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const parsed = parseCsv(await file.text());
    setFileName(file.name);
    if (parsed.header.length === 0 || parsed.records.length === 0) {
      setMessage('The file has no rows to import.');
      return;
    }
    setHeader(parsed.header);
    setRecords(parsed.records);
    setMapping(autoMapping(kind, parsed.header));
  };

  const runImport = async () => {
    setMessage(null);
    setRowErrors([]);
    if (!session.orgName) {
      setMessage('Missing user or organization information. Please refresh or re-login.');
      return;
    }
    const found = checkRows(rows);
    if (found.length > 0) {
      setRowErrors(found);
      setMessage('Import failed: nothing was imported');
      return;
    }
    setBusy(true);
    const outcome = await importRecords(session.orgName, kind, rows);
    setBusy(false);
    if (outcome.ok) {
      setDone(`Imported ${outcome.count} ${noun}.`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
    } else {
      setMessage(outcome.message);
      setRowErrors(outcome.rowErrors);
    }
  };

  const headerOptions = [{ value: -1, label: '— not imported —' }, ...header.map((name, index) => ({ value: index, label: name || `Column ${index + 1}` }))];
  const previewColumns = [{ key: 'line', title: 'Line', dataIndex: 'line' }, ...targets.filter((target) => (mapping[target.key] ?? -1) >= 0).map((target) => ({ key: target.key, title: target.label, render: (_: unknown, record: CsvRecord) => record.cells[mapping[target.key] ?? -1] ?? '' }))];
  const footer = done
    ? [<Button key="close" type="primary" onClick={close}>Close</Button>]
    : [
        <Button key="cancel" onClick={close} disabled={busy}>
          Cancel
        </Button>,
        <Button key="import" type="primary" onClick={() => void runImport()} loading={busy} disabled={busy || rows.length === 0 || (mapping.name ?? -1) < 0}>
          {`Import ${rows.length} ${noun}`}
        </Button>,
      ];
  return (
    <Modal open={open} title={`Import ${noun}`} onCancel={close} footer={footer} width={860} destroyOnHidden mask={{ closable: !busy }} keyboard={!busy}>
      <Flex vertical gap={12}>
        {done ? <Alert type="success" showIcon title={done} /> : null}
        {message ? <Alert type="error" showIcon title={message} /> : null}
        {rowErrors.length > 0 ? (
          <ul aria-label="Import errors" style={{ margin: 0 }}>
            {rowErrors.map((error) => (
              <li key={`${error.line}-${error.message}`}>{`Line ${error.line}: ${error.message}`}</li>
            ))}
          </ul>
        ) : null}
        {done ? null : (
          <>
            <label htmlFor="import-file">CSV file (the first line holds the column names)</label>
            <input id="import-file" type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event.target.files?.[0])} disabled={busy} />
            {fileName && header.length ? (
              <>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  Column mapping
                </Typography.Title>
                <Flex wrap gap={12}>
                  {targets.map((target) => (
                    <Flex key={target.key} vertical gap={4} style={{ width: 200 }}>
                      <label htmlFor={`import-map-${target.key}`}>{target.label + (target.required ? ' (required)' : '')}</label>
                      <Select id={`import-map-${target.key}`} value={mapping[target.key] ?? -1} options={headerOptions} onChange={(value: number) => setMapping((current) => ({ ...current, [target.key]: value }))} />
                    </Flex>
                  ))}
                </Flex>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {`Preview (first ${Math.min(PREVIEW_ROWS, records.length)} of ${records.length} rows)`}
                </Typography.Title>
                <Table<CsvRecord> size="small" rowKey="line" pagination={false} columns={previewColumns} dataSource={records.slice(0, PREVIEW_ROWS)} scroll={{ x: true }} />
              </>
            ) : null}
          </>
        )}
      </Flex>
    </Modal>
  );
}
