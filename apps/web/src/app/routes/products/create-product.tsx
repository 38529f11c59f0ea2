import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useSellerCheck } from '../../../features/products/api/check-seller.ts';
import { BecomeSeller } from '../../../features/products/components/become-seller.tsx';
import { CreateProductForm } from '../../../features/products/components/create-product-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';

/** /products/create (login required): sellers only; others see the become-a-seller message. */
export function Component() {
  usePageMeta({ title: 'Agregar Producto', description: 'Publica un nuevo coleccionable.' });
  const seller = useSellerCheck();
  if (seller.isPending) return <Spinner label="Cargando..." />;
  if (seller.isError) {
    return (
      <Alert kind="error" as="div">
        {errorMessage(
          seller.error,
          'No se pudo verificar tu cuenta de vendedor. Por favor, intenta nuevamente.',
        )}
      </Alert>
    );
  }
  if (!seller.data) return <BecomeSeller />;
  return (
    <section className="page" aria-labelledby="create-product-title">
      <div className="page-header">
        <h1 id="create-product-title" className="page-title">
          Agregar Producto
        </h1>
        <LinkButton to={paths.products.getHref()} size="sm">
          <span aria-hidden="true">←</span> Volver a mis productos
        </LinkButton>
      </div>
      <p className="page-subtitle">Los campos marcados con * son obligatorios.</p>
      <CreateProductForm />
    </section>
  );
}
