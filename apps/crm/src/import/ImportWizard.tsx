import { useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Typography } from '@steward/libs/ui/antd';
import { Modal, Select } from '@steward/libs/ui/antd-data';
import { queryKeys, useCustomFieldsOfKind } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import { DataTable, type ListColumn } from '@steward/libs/list';
import { PlainProgress } from '@steward/libs/ui';
import { parseCsv, type CsvRecord } from './parseCsv';
import { IMPORT_TARGETS, autoMapping, checkRows, customImportTargets, mapRecords, type ImportError, type ImportKind, type ImportMapping } from './importTargets';
import { cancelImportJob, finishImport, importProblems, problemText, stageRows, startImportJob, type ImportProblem } from './importRecords';
import { formatNumber } from '@steward/libs/i18n';
import { later } from '../i18n';

const { useT } = later;

const PREVIEW_ROWS = 5;
const DUPLICATES_SHOWN = 50;

/** Where an import is: uploading rows (progress per chunk), checking them, waiting for the go-ahead on likely duplicates, importing. */
type Phase = { step: 'idle' } | { step: 'upload'; done: number } | { step: 'check' } | { step: 'duplicates'; jobId: string } | { step: 'import' };

/**
 * CSV import: choose a file, map its columns, preview; Import uploads the rows in chunks (progress,
 * Cancel), the database checks them (problems and likely duplicates are shown by line), then one call
 * imports everything or nothing. Cancel at any point before that call deletes the staged rows.
 */
export default function ImportWizard({ kind, open, onClose }: { kind: ImportKind; open: boolean; onClose: () => void }) {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const [fileName, setFileName] = useState<string | null>(null);
  const [header, setHeader] = useState<string[]>([]);
  const [records, setRecords] = useState<CsvRecord[]>([]);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [rowErrors, setRowErrors] = useState<ImportError[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const [duplicates, setDuplicates] = useState<ImportProblem[]>([]);
  const job = useRef<{ id: string | null; abort: AbortController } | null>(null);
  const busy = phase.step === 'upload' || phase.step === 'check' || phase.step === 'import';
  // The organisation's fields of the kind are targets too, matched by their labels.
  const { definitions } = useCustomFieldsOfKind(kind, session.orgName);
  const customTargets = useMemo(() => customImportTargets(definitions), [definitions]);
  const targets = useMemo(() => [...IMPORT_TARGETS[kind], ...customTargets], [kind, customTargets]);

  const rows = useMemo(() => (header.length ? mapRecords(kind, mapping, records, customTargets) : []), [header.length, kind, mapping, records, customTargets]);

  const reset = () => {
    setFileName(null);
    setHeader([]);
    setRecords([]);
    setMapping({});
    setRowErrors([]);
    setMessage(null);
    setDone(null);
    setDuplicates([]);
    setPhase({ step: 'idle' });
  };
  // Cancel: stop uploading and delete the job with whatever it staged. Not offered once the final
  // call runs (it is atomic: it imports everything or nothing on its own).
  const cancelJob = () => {
    const current = job.current;
    job.current = null;
    if (!current) return;
    current.abort.abort();
    if (current.id) void cancelImportJob(current.id);
  };
  const close = () => {
    if (phase.step === 'import') return;
    cancelJob();
    reset();
    onClose();
  };
  const cancelImport = () => {
    cancelJob();
    setDuplicates([]);
    setPhase({ step: 'idle' });
    setMessage(t('import.cancelled'));
  };

  const readFile = async (file: File | undefined) => {
    reset();
    if (!file) return;
    const parsed = parseCsv(await file.text());
    setFileName(file.name);
    if (parsed.header.length === 0 || parsed.records.length === 0) {
      setMessage(t('import.noRows'));
      return;
    }
    setHeader(parsed.header);
    setRecords(parsed.records);
    setMapping(autoMapping(kind, parsed.header, customTargets));
  };

  const fail = (text: string, errors: ImportError[] = []) => {
    cancelJob();
    setPhase({ step: 'idle' });
    setMessage(text);
    setRowErrors(errors);
  };

  const finish = async (jobId: string) => {
    setPhase({ step: 'import' });
    const outcome = await finishImport(jobId);
    job.current = null;
    if (outcome.ok) {
      setPhase({ step: 'idle' });
      setDuplicates([]);
      setDone(t('import.done', { kind, count: outcome.count }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.schema('crm') });
    } else {
      fail(outcome.message, outcome.rowErrors);
    }
  };

  const runImport = async () => {
    setMessage(null);
    setRowErrors([]);
    setDuplicates([]);
    if (!session.orgName) {
      setMessage(t('common.missingUserOrg'));
      return;
    }
    const found = checkRows(rows);
    if (found.length > 0) {
      setRowErrors(found);
      setMessage(t('import.failed'));
      return;
    }
    const current = { id: null as string | null, abort: new AbortController() };
    job.current = current;
    setPhase({ step: 'upload', done: 0 });
    try {
      current.id = await startImportJob(session.orgName, kind);
      if (current.abort.signal.aborted) {
        void cancelImportJob(current.id);
        return;
      }
      await stageRows(current.id, rows, (done) => setPhase({ step: 'upload', done }), current.abort.signal);
      if (current.abort.signal.aborted) return;
      setPhase({ step: 'check' });
      const problems = await importProblems(current.id);
      if (current.abort.signal.aborted) return;
      const errors = problems.filter((problem) => problem.kind === 'error');
      if (errors.length > 0) {
        fail(t('import.failed'), errors);
        return;
      }
      const likely = problems.filter((problem) => problem.kind === 'duplicate');
      if (likely.length > 0) {
        setDuplicates(likely);
        setPhase({ step: 'duplicates', jobId: current.id });
        return;
      }
      await finish(current.id);
    } catch (problem) {
      if (!current.abort.signal.aborted) fail(problem instanceof Error ? problem.message : t('import.failed'));
    }
  };

  const headerOptions = [{ value: -1, label: t('import.notImported') }, ...header.map((name, index) => ({ value: index, label: name || t('import.column', { number: String(index + 1) }) }))];
  const previewColumns: ListColumn<CsvRecord>[] = [
    { key: 'line', title: t('import.line') },
    ...targets.filter((target) => (mapping[target.key] ?? -1) >= 0).map((target) => ({ key: target.key, title: target.label, render: (record: CsvRecord) => record.cells[mapping[target.key] ?? -1] ?? '' })),
  ];
  const footer = done
    ? [<Button key="close" type="primary" onClick={close}>{t('import.close')}</Button>]
    : busy || phase.step === 'duplicates'
      ? [
          <Button key="cancel-import" onClick={cancelImport} disabled={phase.step === 'import'}>
            {t('import.cancelImport')}
          </Button>,
          phase.step === 'duplicates' ? (
            <Button key="import-anyway" type="primary" onClick={() => void finish(phase.jobId)}>
              {t('import.anyway', { kind, count: rows.length })}
            </Button>
          ) : null,
        ]
      : [
          <Button key="cancel" onClick={close}>
            {t('common.cancel')}
          </Button>,
          <Button key="import" type="primary" onClick={() => void runImport()} disabled={rows.length === 0 || (mapping.name ?? -1) < 0}>
            {t('import.run', { kind, count: rows.length })}
          </Button>,
        ];
  const progress =
    phase.step === 'upload' || phase.step === 'duplicates' ? (
      <PlainProgress label={t('import.progress')} value={phase.step === 'upload' ? phase.done : rows.length} max={rows.length} text={t('import.uploaded', { done: formatNumber(phase.step === 'upload' ? phase.done : rows.length), count: rows.length })} />
    ) : phase.step === 'check' ? (
      <PlainProgress label={t('import.progress')} value={rows.length} max={rows.length} text={t('import.checking', { count: rows.length })} />
    ) : phase.step === 'import' ? (
      <PlainProgress label={t('import.progress')} value={rows.length} max={rows.length} text={t('import.importing', { kind, count: rows.length })} />
    ) : null;
  return (
    <Modal open={open} title={t('import.title', { kind })} onCancel={close} footer={footer} width={860} destroyOnHidden mask={{ closable: !busy }} keyboard={phase.step !== 'import'}>
      <Flex vertical gap={12}>
        {done ? <Alert type="success" showIcon title={done} /> : null}
        {progress}
        {duplicates.length > 0 ? (
          <>
            <Alert type="warning" showIcon title={t('import.duplicates', { count: duplicates.length })} />
            <ul aria-label={t('import.likelyDuplicates')} style={{ margin: 0 }}>
              {duplicates.slice(0, DUPLICATES_SHOWN).map((duplicate) => (
                <li key={`${duplicate.line}-${duplicate.message}`}>{t('import.lineProblem', { line: String(duplicate.line), message: problemText(duplicate) })}</li>
              ))}
            </ul>
            {duplicates.length > DUPLICATES_SHOWN ? <Typography.Text>{t('import.more', { count: duplicates.length - DUPLICATES_SHOWN })}</Typography.Text> : null}
          </>
        ) : null}
        {message ? <Alert type="error" showIcon title={message} /> : null}
        {rowErrors.length > 0 ? (
          <ul aria-label={t('import.errors')} style={{ margin: 0 }}>
            {rowErrors.slice(0, DUPLICATES_SHOWN).map((error) => (
              <li key={`${error.line}-${error.message}`}>{t('import.lineProblem', { line: String(error.line), message: problemText(error) })}</li>
            ))}
          </ul>
        ) : null}
        {done ? null : (
          <>
            <label htmlFor="import-file">{t('import.file')}</label>
            <input id="import-file" type="file" accept=".csv,text/csv" onChange={(event) => void readFile(event.target.files?.[0])} disabled={busy || phase.step === 'duplicates'} />
            {fileName && header.length ? (
              <>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('import.mapping')}
                </Typography.Title>
                <Flex wrap gap={12}>
                  {targets.map((target) => (
                    <Flex key={target.key} vertical gap={4} style={{ width: 200 }}>
                      <label htmlFor={`import-map-${target.key}`}>{target.required ? t('import.required', { label: target.label }) : target.label}</label>
                      <Select id={`import-map-${target.key}`} disabled={busy || phase.step === 'duplicates'} value={mapping[target.key] ?? -1} options={headerOptions} onChange={(value: number) => setMapping((current) => ({ ...current, [target.key]: value }))} />
                    </Flex>
                  ))}
                </Flex>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t('import.preview', { shown: Math.min(PREVIEW_ROWS, records.length), count: records.length })}
                </Typography.Title>
                <DataTable<CsvRecord> label={t('import.previewTable')} rowKey={(record) => String(record.line)} columns={previewColumns} rows={records.slice(0, PREVIEW_ROWS)} placeholder={t('import.noData')} />
              </>
            ) : null}
          </>
        )}
      </Flex>
    </Modal>
  );
}
