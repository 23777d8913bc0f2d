import Papa from 'papaparse';
import { useEffect, useId, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { COLUMN_TARGETS, type ColumnTarget, detectColumns } from '@/domains/contacts/constants';

const PREVIEW_ROWS = 3;
const SAMPLE_BYTES = 64 * 1024;

/** A column of the sample (`key` stable for React), its header, and the first rows' cells with their keys. */
export type CsvSample = { header: string[]; columns: { key: string; header: string; index: number }[]; rows: { key: string; cells: string[] }[] };

/** The header and first rows of a CSV, read in the browser (the server reads the whole file); null when unreadable. */
export async function readCsvSample(file: File): Promise<CsvSample | null> {
  try {
    const text = (await file.slice(0, SAMPLE_BYTES).text()).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text, { preview: PREVIEW_ROWS + 1, skipEmptyLines: 'greedy' });
    const [header, ...rows] = parsed.data;
    if (!header?.length || header.every((h) => !h.trim())) return null;
    return {
      header,
      columns: header.map((h, index) => ({ key: `c${index}`, header: h, index })),
      rows: rows.map((cells, n) => ({ key: `r${n}`, cells })),
    };
  } catch {
    return null;
  }
}

/** The mapping of a freshly chosen file: what the server would recognise from its header. */
export const detectedMapping = (sample: CsvSample): ColumnTarget[] => detectColumns(sample.header);

/**
 * The import's manual mapping step: each column of the file with a sample value and what it
 * becomes (a contact field, a custom field, or ignored), then the first rows. Choosing a field
 * another column had moves it here (that column is ignored), so a field is never taken twice.
 */
export function CsvColumnMapping({ sample, mapping, onChange }: { sample: CsvSample; mapping: ColumnTarget[]; onChange: (m: ColumnTarget[]) => void }) {
  const { LL } = useI18nContext();
  const C = LL.distribution.csv;
  const id = useId();
  const choose = (i: number, target: ColumnTarget) =>
    onChange(mapping.map((t, j) => (j === i ? target : target !== 'custom' && target !== 'ignore' && t === target ? 'ignore' : t)));
  return (
    <div className="space-y-3" data-testid="csv-mapping">
      <div>
        <p className="font-medium">{C.mappingTitle()}</p>
        <p className="text-sm text-base-content/70">{C.mappingHint()}</p>
      </div>
      <ul className="space-y-2">
        {sample.columns.map(({ key, header: h, index: i }) => {
          const value = sample.rows.find((r) => r.cells[i]?.trim())?.cells[i]?.trim();
          return (
            <li key={key} className="flex flex-wrap items-center gap-x-3 gap-y-1" data-testid="csv-mapping-column">
              <label htmlFor={`${id}-${i}`} className="min-w-0 flex-1 basis-40">
                <span className="block truncate text-sm font-medium">{C.mappingColumn({ n: i + 1, header: h.trim() || '—' })}</span>
                {value && <span className="block truncate text-xs text-base-content/60">{C.mappingSample({ value })}</span>}
              </label>
              <select
                id={`${id}-${i}`}
                className="select select-sm w-full sm:w-56"
                value={mapping[i] ?? 'ignore'}
                onChange={(e) => choose(i, e.target.value as ColumnTarget)}
                data-testid={`csv-mapping-${i}`}
              >
                {COLUMN_TARGETS.map((t) => (
                  <option key={t} value={t}>
                    {C.targets[t]()}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      {sample.rows.length > 0 && (
        <div>
          <p className="mb-1 text-sm font-medium">{C.preview()}</p>
          {/* The rows scroll inside their box: a wide file never widens the dialog. */}
          <div className="max-w-full overflow-x-auto rounded-box border border-base-300" data-testid="csv-preview">
            <table className="table table-xs">
              <caption className="sr-only">{C.previewCaption({ count: sample.rows.length })}</caption>
              <thead>
                <tr>
                  {sample.columns.map(({ key, header: h, index: i }) => (
                    <th key={key} className="whitespace-nowrap">
                      {mapping[i] === 'ignore' ? <s className="text-base-content/50">{h}</s> : C.targets[mapping[i] ?? 'ignore']()}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sample.rows.map((r) => (
                  <tr key={r.key}>
                    {sample.columns.map(({ key, index: i }) => (
                      <td key={key} className={`max-w-40 truncate ${mapping[i] === 'ignore' ? 'text-base-content/40' : ''}`}>
                        {r.cells[i] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </div>
  );
}

/** The sample and mapping of the chosen file, re-read whenever the file changes. */
export function useCsvMapping(file: File | null) {
  const [state, setState] = useState<{ file: File; sample: CsvSample | null; mapping: ColumnTarget[] } | null>(null);
  useEffect(() => {
    if (!file) return setState(null);
    let live = true;
    void readCsvSample(file).then((sample) => {
      if (live) setState({ file, sample, mapping: sample ? detectedMapping(sample) : [] });
    });
    return () => {
      live = false;
    };
  }, [file]);
  const current = state && state.file === file ? state : null;
  return {
    sample: current?.sample ?? null,
    /** Whether the file was read (a null sample then means unreadable here). */
    read: !!current,
    mapping: current?.mapping ?? [],
    setMapping: (mapping: ColumnTarget[]) => setState((s) => (s ? { ...s, mapping } : s)),
  };
}
