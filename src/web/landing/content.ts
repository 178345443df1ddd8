import type { LandingVariant } from '../../core/early-access/form-input';

/** SPEC 1 and 2: the copy every landing variant draws from. */
export const PRODUCT_NAME = 'Replen';
export const TAGLINE = "Can't live without it";

/** SPEC 2: one link per variant in the top strip, titled 'Page {name}'. */
export const LANDING_PAGES: ReadonlyArray<{ variant: LandingVariant; path: string; title: string }> = [
  { variant: '1', path: '/', title: 'Page 1' },
  { variant: '3', path: '/3', title: 'Page 3' },
  { variant: '4', path: '/4', title: 'Page 4' },
  { variant: '7', path: '/7', title: 'Page 7' },
];

/** SPEC 2: the three FAQ entries. */
export const FAQ = [
  {
    question: 'What is the beta program?',
    answer:
      'A chance to be among the first sellers to use Replen, tell us what works and what does not, and shape the software before it launches.',
  },
  {
    question: 'How much does it cost to join?',
    answer: 'Nothing. The beta is free to join.',
  },
  {
    question: 'What do I get in the beta?',
    answer:
      'Early access to a core set of features — restock recommendations, CSV import and your own column layout — and a direct line to the team for your feedback.',
  },
] as const;

export type BenefitIcon = 'clock' | 'tag' | 'chart' | 'spark';

/** SPEC 1: the four promises of the marketing copy. */
export const BENEFITS: ReadonlyArray<{ icon: BenefitIcon; title: string; text: string }> = [
  {
    icon: 'clock',
    title: 'Save hours every week',
    text: 'Stop rebuilding spreadsheets. Replen works out what to reorder and how many in seconds.',
  },
  {
    icon: 'tag',
    title: 'Buy smarter in supplier sales',
    text: 'Know how deep to stock up when a supplier discounts, without tying cash up in slow movers.',
  },
  {
    icon: 'chart',
    title: 'Maximise your profits',
    text: 'ROI and total spend sit beside every recommendation, so each dollar goes to your best products.',
  },
  {
    icon: 'spark',
    title: 'Cutting-edge recommendations',
    text: 'Sales velocity, lead times and seasonality combine into one clear “To Buy” number per product.',
  },
];

export const BUILT_BY_SELLERS = {
  title: 'Built by 7-figure sellers',
  text: 'We run our own marketplace businesses. Replen is the restock tool we wanted for ourselves: it does the maths we used to do by hand every week, and it is built with the sellers in the beta.',
};

export const LEAD =
  'Restock recommendations for marketplace sellers: what to buy again, how many, and what it will cost.';
