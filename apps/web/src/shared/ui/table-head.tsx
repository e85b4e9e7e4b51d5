export interface TableColumn {
  label: string;
  className: string;
}

/** A table's header row, its columns declared as data: one column header (scope col) each. */
export function TableHead({ columns, className }: { columns: readonly TableColumn[]; className: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th key={column.label} scope="col" className={column.className}>
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
