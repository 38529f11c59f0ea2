import { parseTags, productMessages, productMetaDescription } from '@app/contracts';
import { type ReactNode, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoadError } from '../../../components/errors/page-load-error.tsx';
import { attributeSpecRows } from '../../../components/ui/attribute-badges.tsx';
import { Badge, badgeClass } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { useCurrentUserId } from '../../../lib/use-auth.ts';
import { useProduct } from '../api/get-product.ts';
import { brandLabel, priceLabel, statusBadgeTone, statusLabel } from '../lib/product-labels.ts';
import { EditProductModal } from './edit-product-modal.tsx';
import styles from './product-detail.module.css';
import { ProductHero } from './product-hero.tsx';
import { SpecList } from './spec-list.tsx';

/** The page's name while it has no product to name it (its load failed). */
export const PRODUCT_PAGE_TITLE = 'Detalle del producto';

/** 'Volver': one step back when there is somewhere to go back to, else the seller's products. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <Button
      className="self-start"
      size="sm"
      onClick={() => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.products.getHref()))}
    >
      <span aria-hidden="true">←</span> Volver
    </Button>
  );
}

/** /products/{id}: the owner's view of a product with 'Editar detalles'. */
export function ProductDetailView({
  id,
  renderWatch,
}: {
  id: number;
  /** The route's heart toggle (Favoritos). */
  renderWatch?: (product: { id: number; name: string }) => ReactNode;
}) {
  const titleId = useId();
  const editHintId = useId();
  const query = useProduct(id);
  const userId = useCurrentUserId();
  const [editing, setEditing] = useState(false);
  const product = query.data;
  // Only the owner is sent the reserve price (a bidder who knew it would bid exactly that).
  const reserve = product && 'reserve_price' in product ? product.reserve_price : null;

  usePageMeta(
    product
      ? {
          title: `${product.name} | Coleccionable en ${product.brand_name}`,
          rawTitle: true,
          description: productMetaDescription(product.description, reserve),
          image: product.image ?? undefined,
        }
      : null,
  );

  if (query.isPending) {
    return (
      <section className="page">
        <BackButton />
        <p role="status">Cargando...</p>
      </section>
    );
  }
  if (query.isError || !product) {
    return (
      <PageLoadError
        title={PRODUCT_PAGE_TITLE}
        top={<BackButton />}
        message={errorMessage(query.error, productMessages.loadError)}
      />
    );
  }

  const tags = parseTags(product.tags);
  const inAuction = product.status === 'in_auction';
  // Sold (or shipped...) products cannot be edited either: the server answers 409.
  const editable = product.status === 'available';
  const lockedHint = inAuction ? productMessages.inAuction : productMessages.notEditable;
  // Only the owner sees the edit button (the server refuses anyone else with a 404 anyway).
  const isOwner = userId !== null && userId === product.owner_id;

  return (
    <section className="page" aria-labelledby={titleId}>
      <BackButton />
      <ProductHero titleId={titleId} name={product.name} image={product.image} photos={product.images}>
        <div className="row">
          <Badge tone={statusBadgeTone(product.status)}>{statusLabel(product.status)}</Badge>
          {product.can_be_bought && <Badge tone="accent">Compra Directa</Badge>}
          {renderWatch?.({ id: product.id, name: product.name })}
        </div>
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label="Etiquetas">
            {tags.map((tag) => (
              <li key={tag} className={badgeClass('info')}>
                {tag}
              </li>
            ))}
          </ul>
        )}
        {reserve !== null && (
          <div>
            <p className="muted flush">Precio de Reserva</p>
            <p className={styles.bigPrice}>{priceLabel(reserve)}</p>
          </div>
        )}
        <SpecList
          rows={[
            ['Marca', brandLabel(product.brand_name)],
            ['Categoria', product.category_name],
            ['Escala', product.scale_name ?? 'N/A'],
            ['Año', product.year],
            ...attributeSpecRows(product),
            product.can_be_bought && ['Precio de venta', priceLabel(product.sell_price)],
          ]}
        />
        <div>
          <h2 className={`${styles.sectionTitle} ${styles.sectionTitleTop}`}>Descripcion</h2>
          <p className={styles.description}>{product.description}</p>
        </div>
        {isOwner && (
          <div className="stack items-start">
            <Button
              variant="primary"
              disabled={!editable}
              aria-describedby={editable ? undefined : 'edit-disabled-hint'}
              onClick={() => setEditing(true)}
            >
              Editar detalles
            </Button>
            {!editable && (
              <p id={editHintId} className="field-hint">
                {lockedHint}
              </p>
            )}
          </div>
        )}
      </ProductHero>
      {isOwner && 'reserve_price' in product && (
        <EditProductModal product={product} open={editing} onClose={() => setEditing(false)} />
      )}
    </section>
  );
}
