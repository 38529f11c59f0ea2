import type { Product } from '@app/contracts';
import { productMessages } from '@app/contracts';
import { useId, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, LinkButton } from '../../../components/ui/button.tsx';
import { SafeImage } from '../../../components/ui/image.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCategories } from '../api/get-categories.ts';
import { useMyProducts } from '../api/get-my-products.ts';
import { brandLabel, priceLabel, statusBadgeTone, statusLabel } from '../lib/product-labels.ts';
import cardStyles from './product-cards.module.css';
import styles from './seller-products.module.css';

/** Lower-case without accents, so 'pokemon' finds 'Pokémon'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

function SellerProductCard({
  product,
  selected,
  onToggle,
}: {
  product: Product;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  const selectable = product.status === 'available';
  return (
    <article className={`card ${styles.sellerCard}`}>
      <div className={styles.sellerCardHeader}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={selected}
            disabled={!selectable}
            onChange={() => onToggle(product.id)}
          />
          <span className="sr-only">Seleccionar {product.name} para una subasta</span>
          <span aria-hidden="true" className="muted">
            {selectable ? 'Seleccionar' : ''}
          </span>
        </label>
        <Badge tone={statusBadgeTone(product.status)}>{statusLabel(product.status)}</Badge>
      </div>
      <SafeImage
        src={product.thumbnail ?? product.image ?? undefined}
        alt={product.name}
        className="card-image"
      />
      <h2 className={styles.sellerCardName}>
        <Link to={paths.product.getHref(product.id)}>{product.name}</Link>
      </h2>
      <dl className={styles.details}>
        <dt>Marca</dt>
        <dd>{brandLabel(product.brand_name)}</dd>
        <dt>Categoría</dt>
        <dd>{product.category_name}</dd>
        <dt>Precio de reserva</dt>
        <dd>{priceLabel(product.reserve_price)}</dd>
      </dl>
      {product.can_be_bought && (
        <p className="row">
          <Badge tone="accent">Compra Directa</Badge>
          <span className="muted">{priceLabel(product.sell_price)}</span>
        </p>
      )}
    </article>
  );
}

/** /products for sellers: search, category filter, selectable cards and the 'Crear Subasta' bar. */
export function SellerProductsView() {
  const titleId = useId();
  const navigate = useNavigate();
  const products = useMyProducts();
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const searchId = useId();
  const categoryFieldId = useId();

  const all = products.data ?? [];
  const visible = useMemo(() => {
    const term = fold(search.trim());
    return all.filter(
      (p) => (!term || fold(p.name).includes(term)) && (!categoryId || String(p.category_id) === categoryId),
    );
  }, [all, search, categoryId]);
  // Only products still available count (a product may have gone into an auction since).
  const selectedIds = selected.filter((id) => all.some((p) => p.id === id && p.status === 'available'));

  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((x) => x !== id) : [...current, id]));

  return (
    <section className="page" aria-labelledby={titleId}>
      <div className="page-header">
        <h1 id={titleId} className="page-title">
          Mis Productos
        </h1>
        <div className="row">
          <LinkButton to={paths.createProduct.getHref()} variant="primary">
            Agregar Producto
          </LinkButton>
          <LinkButton to={paths.myAuctions.getHref()}>Mis Subastas</LinkButton>
        </div>
      </div>

      <div className={styles.toolbar}>
        <div className="field">
          <label htmlFor={searchId}>Buscar por nombre</label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Ej. Skyline, Charizard..."
          />
        </div>
        <div className="field">
          <label htmlFor={categoryFieldId}>Categoría</label>
          <select
            id={categoryFieldId}
            className="select"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
          >
            <option value="">Todas las categorías</option>
            {(categories.data ?? []).map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </div>
      </div>

      {products.isPending ? (
        <Spinner label="Cargando tus productos..." />
      ) : products.isError ? (
        <Alert kind="error" as="div">
          <p>{errorMessage(products.error, productMessages.listError)}</p>
          <Button size="sm" onClick={() => void products.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : all.length === 0 ? (
        <div className="empty-state">
          <p>Aún no tienes productos. Agrega tu primer coleccionable para venderlo o subastarlo.</p>
          <LinkButton to={paths.createProduct.getHref()} variant="primary">
            Agregar Producto
          </LinkButton>
        </div>
      ) : visible.length === 0 ? (
        <p className="empty-state">Ningún producto coincide con tu búsqueda.</p>
      ) : (
        <ul className={`grid ${cardStyles.cardList}`} aria-label="Tus productos">
          {visible.map((product) => (
            <li key={product.id}>
              <SellerProductCard
                product={product}
                selected={selectedIds.includes(product.id)}
                onToggle={toggle}
              />
            </li>
          ))}
        </ul>
      )}

      {all.length > 0 && (
        <section className={styles.selectionBar} aria-label="Selección para subasta">
          <p className={styles.selectionCount} aria-live="polite">
            {selectedIds.length === 1
              ? '1 producto seleccionado'
              : `${selectedIds.length} productos seleccionados`}
          </p>
          <Button
            variant="accent"
            disabled={selectedIds.length === 0}
            onClick={() => navigate(paths.createAuction.getHref(selectedIds))}
          >
            Crear Subasta
          </Button>
        </section>
      )}
    </section>
  );
}
