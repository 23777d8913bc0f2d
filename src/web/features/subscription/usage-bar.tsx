export function UsageBar({
  label,
  used,
  limit,
  format,
  unlimitedLabel,
  usedOf,
  testId,
}: {
  label: string;
  used: number;
  limit: number | null;
  format: (n: number) => string;
  unlimitedLabel: string;
  usedOf: (used: string, total: string) => string;
  testId?: string;
}) {
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const tone = pct >= 90 ? 'progress-error' : pct >= 70 ? 'progress-warning' : 'progress-primary';
  return (
    <div data-testid={testId}>
      <div className="mb-1 flex justify-between gap-2 text-sm">
        <span className="font-medium">{label}</span>
        <span className="text-base-content/70">{limit === null ? `${format(used)} · ${unlimitedLabel}` : usedOf(format(used), format(limit))}</span>
      </div>
      <progress className={`progress w-full ${limit === null ? 'progress-success' : tone}`} value={limit === null ? 100 : pct} max={100} aria-label={label} />
    </div>
  );
}
