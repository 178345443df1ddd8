import type { ComponentType } from 'react';
import type { LandingVariant } from '../../core/early-access/form-input';
import { PageFour } from './PageFour';
import { PageOne } from './PageOne';
import { PageSeven } from './PageSeven';
import { PageThree } from './PageThree';

const PAGES: Record<LandingVariant, ComponentType> = {
  '1': PageOne,
  '3': PageThree,
  '4': PageFour,
  '7': PageSeven,
};

/** SPEC 2: the public landing variants at /, /3, /4 and /7. */
export function LandingPage({ variant }: { variant: LandingVariant }) {
  const Page = PAGES[variant];
  return <Page />;
}
