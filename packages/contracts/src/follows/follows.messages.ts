/** Spanish texts of following sellers (server answers, notices and the web pages). */
export const followMessages = {
  followed: (username: string) => `Ahora sigues a ${username}`,
  unfollowed: (username: string) => `Dejaste de seguir a ${username}`,
  notFound: 'No se encontró el vendedor',
  self: 'No puedes seguirte a ti mismo',
  // Notice to a follower (`followed_seller`): at most one per seller per Bogotá day.
  noticeTitle: (username: string) => `Novedades de ${username}`,
  auctionNotice: (username: string, title: string) =>
    `${username}, un vendedor que sigues, inició la subasta "${title}".`,
  productNotice: (username: string, name: string) =>
    `${username}, un vendedor que sigues, publicó "${name}" para comprar ya.`,
  // Client texts.
  follow: 'Seguir',
  following: 'Siguiendo',
  followLabel: (username: string) => `Seguir a ${username}`,
  followingLabel: (username: string) => `Siguiendo a ${username}`,
  unfollowLabel: (username: string) => `Dejar de seguir a ${username}`,
  followers: (count: number) => (count === 1 ? '1 seguidor' : `${count} seguidores`),
  toggleError: 'No se pudo actualizar. Por favor, intenta nuevamente.',
  stateError: 'No pudimos saber si sigues a este vendedor.',
} as const;
