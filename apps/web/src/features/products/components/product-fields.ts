/** Empty numeric fields are sent as null; anything else as a number (a decimal comma read as a point). */
export const numberOrNull = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
};

/** The year field's input, in the create form and the edit dialog: a year from 1900 to 2100. */
export const yearInputProps = {
  className: 'input',
  type: 'number',
  inputMode: 'numeric',
  min: 1900,
  max: 2100,
} as const;
