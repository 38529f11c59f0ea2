import { conditionLabel, type Grading, gradingLabel, type ProductCondition } from '@app/contracts';
import { Badge } from './badge.tsx';

/**
 * A product's condition and, for a graded card, its grade ('PSA 9.5'), as small pills on cards
 * and product pages. Nothing for a product with neither.
 */
export function AttributeBadges({
  condition,
  grading,
  className,
}: {
  condition: ProductCondition | null;
  grading: Grading | null;
  className?: string;
}) {
  if (!condition && !grading) return null;
  return (
    <p className={['attribute-badges', className].filter(Boolean).join(' ')}>
      {condition ? <Badge tone="info">{conditionLabel(condition)}</Badge> : null}
      {grading ? (
        <Badge tone="accent" title={grading.certificate ? `Certificado ${grading.certificate}` : undefined}>
          <span className="sr-only">Calificación </span>
          {gradingLabel(grading)}
        </Badge>
      ) : null}
    </p>
  );
}

/** The specification rows of condition and grading ('Estado', 'Calificación'). */
export function attributeSpecRows(product: {
  condition: ProductCondition | null;
  grading: Grading | null;
}): Array<readonly [string, string] | false> {
  return [
    ['Estado', conditionLabel(product.condition)],
    product.grading !== null && [
      'Calificación',
      `${gradingLabel(product.grading)}${product.grading.certificate ? ` · Certificado ${product.grading.certificate}` : ''}`,
    ],
  ];
}
