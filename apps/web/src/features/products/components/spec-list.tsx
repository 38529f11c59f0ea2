import type { ReactNode } from 'react';
import styles from './product-detail.module.css';

/** A product's specifications as label/value pairs, in the order given; `false` rows are left out. */
export function SpecList({ rows }: { rows: Array<readonly [label: string, value: ReactNode] | false> }) {
  return (
    <dl className={styles.specs}>
      {rows
        .filter((row) => row !== false)
        .map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}
