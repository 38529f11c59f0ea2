import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  ChangePasswordInputSchema,
  EmailSchema,
  isCalendarDay,
  isoDay,
  LoginInputSchema,
  userMessages as m,
  makeProfileUpdateSchema,
  PASSWORD_MIN_LENGTH,
  PublicProfileSchema,
  UserProfileSchema,
} from '../index.ts';

/** The messages of a failed parse, in order (or [] when it passes). */
function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string[] {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

describe('LoginInputSchema', () => {
  const cases: Array<[string, unknown, string[]]> = [
    ['valid email and password', { email: 'ana@example.com', password: 'x' }, []],
    ['email with spaces around it', { email: '  ana@example.com ', password: 'x' }, []],
    ['email without @', { email: 'ana.example.com', password: 'x' }, [m.invalidEmail]],
    ['email without a dot in the domain', { email: 'ana@example', password: 'x' }, [m.invalidEmail]],
    ['email with a space inside', { email: 'ana maria@example.com', password: 'x' }, [m.invalidEmail]],
    ['email with two @', { email: 'a@b@example.com', password: 'x' }, [m.invalidEmail]],
    ['empty email', { email: '', password: 'x' }, [m.emailRequired]],
    ['blank email', { email: '   ', password: 'x' }, [m.emailRequired]],
    ['missing email', { password: 'x' }, [m.emailRequired]],
    ['email of the wrong type', { email: 42, password: 'x' }, [m.emailRequired]],
    ['email longer than 254', { email: `${'a'.repeat(250)}@example.com`, password: 'x' }, [m.invalidEmail]],
    ['missing password', { email: 'ana@example.com' }, [m.passwordRequired]],
    ['empty password', { email: 'ana@example.com', password: '' }, [m.passwordRequired]],
    ['password of the wrong type', { email: 'ana@example.com', password: ['x'] }, [m.passwordRequired]],
    [
      'password over 200 characters',
      { email: 'ana@example.com', password: 'x'.repeat(201) },
      [m.badCredentials],
    ],
    ['nothing at all', {}, [m.emailRequired, m.passwordRequired]],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(messagesOf(LoginInputSchema.safeParse(input))).toEqual(expected);
  });

  it('lower-cases and trims the email, keeps the password as typed', () => {
    expect(LoginInputSchema.parse({ email: ' Ana@Example.COM ', password: ' Pa ss ' })).toEqual({
      email: 'ana@example.com',
      password: ' Pa ss ',
    });
  });

  it('EmailSchema uses the exact Spanish message', () => {
    expect(m.invalidEmail).toBe('Por favor, introduce un correo electrónico válido');
    expect(messagesOf(EmailSchema.safeParse('nope'))).toEqual([m.invalidEmail]);
  });
});

describe('makeProfileUpdateSchema', () => {
  const today = '2026-11-22';
  const schema = makeProfileUpdateSchema(today);
  const base = { name: 'Ana', last_name: 'Restrepo' };
  const cases: Array<[string, Record<string, unknown>, string[]]> = [
    ['name and last name only', base, []],
    ['missing name', { last_name: 'Restrepo' }, [m.nameRequired]],
    ['blank name', { ...base, name: '   ' }, [m.nameRequired]],
    ['name of the wrong type', { ...base, name: 7 }, [m.nameRequired]],
    ['missing last name', { name: 'Ana' }, [m.lastNameRequired]],
    ['empty last name', { ...base, last_name: '' }, [m.lastNameRequired]],
    ['both missing', {}, [m.nameRequired, m.lastNameRequired]],
    ['name over 100 characters', { ...base, name: 'a'.repeat(101) }, ['Máximo 100 caracteres']],
    ['phone with +, spaces, hyphens and parentheses', { ...base, phone: '+57 (300) 123-4567' }, []],
    ['phone of digits only', { ...base, phone: '3001234567' }, []],
    ['empty phone', { ...base, phone: '' }, []],
    ['null phone', { ...base, phone: null }, []],
    ['phone with letters', { ...base, phone: '300-ABC' }, [m.invalidPhone]],
    ['phone with + in the middle', { ...base, phone: '300+123' }, [m.invalidPhone]],
    ['phone with a dot', { ...base, phone: '300.123.4567' }, [m.invalidPhone]],
    ['phone of the wrong type', { ...base, phone: 3001234567 }, [m.invalidPhone]],
    ['phone over 30 characters', { ...base, phone: '1'.repeat(31) }, [m.invalidPhone]],
    ['birth date today', { ...base, birth_date: today }, []],
    ['birth date in the past', { ...base, birth_date: '1990-05-17' }, []],
    ['birth date tomorrow', { ...base, birth_date: '2026-11-23' }, [m.birthDateFuture]],
    ['birth date next year', { ...base, birth_date: '2027-01-01' }, [m.birthDateFuture]],
    ['empty birth date', { ...base, birth_date: '' }, []],
    ['birth date that does not exist', { ...base, birth_date: '2023-02-29' }, [m.invalidBirthDate]],
    ['birth date on a leap day', { ...base, birth_date: '2024-02-29' }, []],
    ['birth date with a time', { ...base, birth_date: '1990-05-17T10:00:00Z' }, [m.invalidBirthDate]],
    ['birth date in another format', { ...base, birth_date: '17/05/1990' }, [m.invalidBirthDate]],
    ['birth date before 1900', { ...base, birth_date: '0000-01-01' }, [m.invalidBirthDate]],
    ['birth date of the wrong type', { ...base, birth_date: 19900517 }, [m.invalidBirthDate]],
    ['avatar https URL', { ...base, avatar: 'https://cdn.example.com/a.png' }, []],
    ['avatar same-origin path', { ...base, avatar: '/images/abc' }, []],
    ['avatar javascript: URL', { ...base, avatar: 'javascript:alert(1)' }, [m.invalidAvatar]],
    ['avatar with spaces', { ...base, avatar: 'https://x.com/a b.png' }, [m.invalidAvatar]],
    ['avatar of the wrong type', { ...base, avatar: { url: 'x' } }, [m.invalidAvatar]],
    ['bio up to 1000 characters', { ...base, bio: 'b'.repeat(1000) }, []],
    ['bio over 1000 characters', { ...base, bio: 'b'.repeat(1001) }, ['Máximo 1000 caracteres']],
    ['address of the wrong type', { ...base, address: ['x'] }, ['El texto no es válido']],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(messagesOf(schema.safeParse(input))).toEqual(expected);
  });

  it('trims text, turns empty optional fields into null and drops unknown fields', () => {
    const parsed = schema.parse({
      name: '  Ana ',
      last_name: ' Restrepo',
      phone: '  ',
      address: '',
      bio: '  Hola  ',
      avatar: '',
      birth_date: '',
      is_seller: true,
      email: 'otro@example.com',
    });
    expect(parsed).toEqual({
      name: 'Ana',
      last_name: 'Restrepo',
      phone: null,
      address: null,
      bio: 'Hola',
      avatar: null,
      birth_date: null,
    });
  });

  it('the Spanish texts are exact', () => {
    expect([m.nameRequired, m.lastNameRequired, m.invalidPhone, m.birthDateFuture]).toEqual([
      'El nombre es obligatorio',
      'El apellido es obligatorio',
      'Formato de teléfono inválido',
      'La fecha de nacimiento no puede ser en el futuro',
    ]);
  });
});

describe('isCalendarDay and isoDay', () => {
  it.each([
    ['2026-11-22', true],
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['1900-01-01', true],
    ['1899-12-31', false],
    ['26-11-22', false],
    ['', false],
  ])('%s -> %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it('isoDay is the UTC day of the instant', () => {
    expect(isoDay(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
    expect(isoDay(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
  });
});

describe('change password', () => {
  const good = 'NuevaClave1';
  const formCases: Array<[string, Record<string, unknown>, string[]]> = [
    ['all good', { current_password: 'vieja', new_password: good, confirm_password: good }, []],
    [
      'exactly the minimum length',
      {
        current_password: 'v',
        new_password: 'x'.repeat(PASSWORD_MIN_LENGTH),
        confirm_password: 'x'.repeat(8),
      },
      [],
    ],
    ['missing current', { new_password: good, confirm_password: good }, [m.currentPasswordRequired]],
    [
      'empty current',
      { current_password: '', new_password: good, confirm_password: good },
      [m.currentPasswordRequired],
    ],
    [
      'empty new',
      { current_password: 'v', new_password: '', confirm_password: '' },
      [m.newPasswordRequired, m.confirmRequired],
    ],
    [
      'new too short',
      { current_password: 'v', new_password: 'corta12', confirm_password: 'corta12' },
      [m.passwordTooShort],
    ],
    [
      'empty confirmation',
      { current_password: 'v', new_password: good, confirm_password: '' },
      [m.confirmRequired],
    ],
    ['missing confirmation', { current_password: 'v', new_password: good }, [m.confirmRequired]],
    [
      'confirmation differs',
      { current_password: 'v', new_password: good, confirm_password: `${good}x` },
      [m.passwordsDontMatch],
    ],
    [
      'new over 200 characters',
      { current_password: 'v', new_password: 'x'.repeat(201), confirm_password: 'x'.repeat(201) },
      ['La contraseña no puede tener más de 200 caracteres'],
    ],
  ];
  it.each(formCases)('form: %s', (_name, input, expected) => {
    expect(messagesOf(ChangePasswordFormSchema.safeParse(input))).toEqual(expected);
  });

  it('the confirmation error is reported on the confirmation field', () => {
    const result = ChangePasswordFormSchema.safeParse({
      current_password: 'v',
      new_password: good,
      confirm_password: 'otra-cosa',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['confirm_password']);
  });

  const apiCases: Array<[string, unknown, string[]]> = [
    ['valid', { current_password: 'vieja', new_password: good }, []],
    ['missing both', {}, [m.currentPasswordRequired, m.newPasswordRequired]],
    ['new too short', { current_password: 'vieja', new_password: 'corta' }, [m.passwordTooShort]],
    [
      'wrong types',
      { current_password: 1, new_password: true },
      [m.currentPasswordRequired, m.newPasswordRequired],
    ],
  ];
  it.each(apiCases)('server input: %s', (_name, input, expected) => {
    expect(messagesOf(ChangePasswordInputSchema.safeParse(input))).toEqual(expected);
  });

  it('the Spanish texts are exact', () => {
    expect([
      m.currentPasswordRequired,
      m.newPasswordRequired,
      m.passwordTooShort,
      m.confirmRequired,
      m.passwordsDontMatch,
    ]).toEqual([
      'La contraseña actual es obligatoria',
      'La nueva contraseña es obligatoria',
      'La contraseña debe tener al menos 8 caracteres',
      'La confirmación de contraseña es obligatoria',
      'Las contraseñas no coinciden',
    ]);
  });
});

describe('profile response schemas', () => {
  const profile = {
    id: 1,
    username: 'ana',
    email: 'ana@example.com',
    phone: null,
    address: null,
    bio: null,
    avatar: null,
    name: 'Ana',
    last_name: null,
    birth_date: null,
    is_seller: false,
    is_operator: false,
    created_at: '2026-11-22T00:00:00.000Z',
    activeListings: 0,
    totalSales: 0,
    two_factor_enabled: false,
    unpaid_strikes: 0,
    away_until: null,
    away_message: null,
  };
  it('accepts a full own profile and rejects one without is_seller', () => {
    expect(UserProfileSchema.safeParse(profile).success).toBe(true);
    const { is_seller: _drop, ...partial } = profile;
    expect(UserProfileSchema.safeParse(partial).success).toBe(false);
  });

  it('the public profile has no email or phone', () => {
    const shape = Object.keys(PublicProfileSchema.shape);
    expect(shape).not.toContain('email');
    expect(shape).not.toContain('phone');
    expect(shape).not.toContain('birth_date');
  });
});
