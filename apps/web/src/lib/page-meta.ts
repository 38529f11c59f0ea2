import { useEffect } from 'react';

const SITE = 'Coleccionables';

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
  document.title = rawTitle || title.includes(SITE) ? title : `${title} | ${SITE}`;
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
  '/': {
    title: 'Coleccionables · Subastas y compra directa de juguetes de colección',
    description:
      'Subastas en vivo y compra directa de autos a escala, cartas coleccionables y figuras de vinilo en Latinoamérica.',
  },
  '/auctions': {
    title: 'Subastas Activas',
    description: 'Puja en tiempo real por autos die-cast, cartas coleccionables y figuras de vinilo.',
  },
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
