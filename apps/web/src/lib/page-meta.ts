import { documentTitle, landingPageTexts } from '@app/contracts';
import { useEffect } from 'react';

function setMeta(attribute: 'name' | 'property', key: string, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.content = content;
}

export interface PageMeta {
  title: string;
  /** Use the title as given, without the ' | Coleccionables' suffix (e.g. a product page). */
  rawTitle?: boolean;
  description?: string;
  image?: string;
}

/** Sets the document title, description and Open Graph tags while the page is shown. */
export function applyPageMeta({ title, rawTitle, description, image }: PageMeta) {
  document.title = rawTitle ? title : documentTitle(title);
  setMeta('property', 'og:title', title);
  if (description) {
    setMeta('name', 'description', description);
    setMeta('property', 'og:description', description);
  }
  if (image) setMeta('property', 'og:image', new URL(image, window.location.origin).toString());
}

export function usePageMeta(meta: PageMeta | null) {
  const key = meta ? JSON.stringify(meta) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialized key is the dependency.
  useEffect(() => {
    if (meta) applyPageMeta(meta);
  }, [key]);
}

/** Title and description per path. */
export const routeMeta: Record<string, PageMeta> = {
  '/': landingPageTexts['/'],
  '/auctions': landingPageTexts['/auctions'],
  '/products': {
    title: 'Mis Productos',
    description: 'Administra tus coleccionables, agrégalos a subastas o véndelos con compra directa.',
  },
  '/login': { title: 'Iniciar Sesión', description: 'Ingresa a tu cuenta de Coleccionables.' },
  '/register': {
    title: 'Registrarse',
    description: 'Coleccionables está en beta cerrada. Escríbenos para obtener acceso anticipado.',
  },
};
