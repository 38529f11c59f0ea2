import { createQuestionsService } from '../modules/questions/questions.service.ts';
import type { DemoProducts } from './products.data.ts';
import type { SeedContext } from './seed-context.ts';
import type { DemoUsers } from './users.seed.ts';

/**
 * Questions on demo listings, so product pages and vendedor_demo's 'Preguntas' are not empty:
 * answered and open ones on an auction product and a buy-now product, one answered by
 * tienda_retro. Asked and answered through the service, notifications included.
 */
export async function seedQuestions(
  ctx: SeedContext,
  users: DemoUsers,
  products: DemoProducts,
): Promise<void> {
  const questions = createQuestionsService(ctx);
  const items: Array<{
    asker: number;
    seller: number;
    productId: number | undefined;
    text: string;
    answer?: string;
  }> = [
    {
      asker: users.comprador_demo,
      seller: users.vendedor_demo,
      productId: products.auctionA[0],
      text: '¿El blíster tiene algún golpe o esquina doblada?',
      answer: 'Está impecable, sin golpes. Lo guardo en protector desde que lo compré.',
    },
    {
      asker: users.coleccionista_demo,
      seller: users.vendedor_demo,
      productId: products.auctionA[0],
      text: '¿Es la versión de 2019 o la reedición?',
    },
    {
      asker: users.coleccionista_demo,
      seller: users.vendedor_demo,
      productId: products.buyNow[0],
      text: '¿Haces el envío el mismo día del pago?',
      answer: 'Sí, si pagas antes de las 2 p. m. sale ese mismo día por la plataforma.',
    },
    {
      asker: users.comprador_demo,
      seller: users.vendedor_demo,
      productId: products.buyNow[0],
      text: '¿Incluye la caja original del fabricante?',
    },
    {
      asker: users.comprador_demo,
      seller: users.tienda_retro,
      productId: products.storeBuyNow[0],
      text: '¿La carta tiene el borde blanco gastado?',
      answer: 'Tiene un desgaste mínimo en una esquina; en las fotos se ve tal cual.',
    },
  ];
  for (const item of items) {
    if (item.productId === undefined) continue;
    const { question } = await questions.ask(item.asker, { product_id: item.productId, text: item.text });
    if (item.answer) await questions.answer(item.seller, question.id, { text: item.answer });
  }
}
