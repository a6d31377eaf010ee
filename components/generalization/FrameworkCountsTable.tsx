'use client';
// Table 12: verdict counts per framework (VerdictTables.tsx, from the server's counts).
import type { FrameworkCounts } from '@/lib/analysis/generalizationTables';
import { Table } from '../ui/Table';

export function FrameworkCountsTable({ counts }: { counts: FrameworkCounts[] }) {
  return (
    <Table
      label="Verdict counts per framework"
      rows={counts}
      rowKey={(c) => c.framework}
      rowProps={() => ({ 'data-testid': 'framework-counts' })}
      columns={[
        { key: 'framework', header: 'Framework', rowHeader: true, cell: (c) => c.framework },
        { key: 'scored', header: 'Runs scored', numeric: true, cell: (c) => c.scored },
        { key: 'aligned', header: 'Aligned', numeric: true, cell: (c) => c.aligned },
        { key: 'mild', header: 'Overfit (mild)', numeric: true, cell: (c) => c.overfitMild },
        { key: 'severe', header: 'Overfit (severe)', numeric: true, cell: (c) => c.overfitSevere },
        { key: 'other', header: 'Other', numeric: true, cell: (c) => c.other },
        { key: 'notScored', header: 'Not scored', numeric: true, cell: (c) => c.notScored },
      ]}
    />
  );
}
