import { useId } from 'react';
import { LinkButton } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { CreateProductForm } from '../../../features/products/components/create-product-form.tsx';
import { SellerGate } from '../../../features/products/components/seller-gate.tsx';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /products/create (login required): sellers only; others see the become-a-seller message. */
export function Component() {
  const titleId = useId();
  usePageMeta({ title: 'Agregar Producto', description: 'Publica un nuevo coleccionable.' });
  return (
    <SellerGate>
      <section className="page" aria-labelledby={titleId}>
        <div className="page-header">
          <h1 id={titleId} className="page-title">
            Agregar Producto
          </h1>
          <LinkButton to={paths.products.getHref()} size="sm">
            <span aria-hidden="true">←</span> Volver a mis productos
          </LinkButton>
        </div>
        <p className="page-subtitle">Los campos marcados con * son obligatorios.</p>
        <CreateProductForm />
      </section>
    </SellerGate>
  );
}
