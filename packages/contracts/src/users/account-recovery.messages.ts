/** What a person reads while getting back into an account or changing its e-mail. */
export const accountRecoveryMessages = {
  resetRequested: 'Si el correo está registrado, te enviamos un enlace para restablecer tu contraseña.',
  resetLinkInvalid: 'El enlace para restablecer la contraseña no es válido o ya expiró',
  passwordReset: 'Listo: tu contraseña cambió. Inicia sesión con la nueva.',
  emailTaken: 'Este correo ya está registrado',
  sameEmail: 'Ese ya es el correo de tu cuenta',
  emailChangeRequested: 'Te enviamos un enlace a tu nuevo correo. El cambio ocurre cuando lo abras.',
  emailLinkInvalid: 'El enlace para confirmar el correo no es válido o ya expiró',
  emailChanged: 'Listo: ese es ahora el correo de tu cuenta.',
} as const;

/** How long the links work. */
export const PASSWORD_RESET_LINK_HOURS = 1;
export const EMAIL_CHANGE_LINK_HOURS = 24;
