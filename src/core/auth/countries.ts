/** SPEC 3: the ten countries offered at sign-up, in the order shown. */
export const COUNTRIES = [
  { name: 'United States', code: 'USA' },
  { name: 'Canada', code: 'CAN' },
  { name: 'United Kingdom', code: 'UK' },
  { name: 'Australia', code: 'AUS' },
  { name: 'India', code: 'IND' },
  { name: 'Germany', code: 'DEU' },
  { name: 'France', code: 'FRA' },
  { name: 'Japan', code: 'JPN' },
  { name: 'China', code: 'CHN' },
  { name: 'Mexico', code: 'MEX' },
] as const;

export type CountryCode = (typeof COUNTRIES)[number]['code'];

export const COUNTRY_CODES = COUNTRIES.map((country) => country.code) as [CountryCode, ...CountryCode[]];
