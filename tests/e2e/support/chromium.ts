// TESTING: Debian's Chromium, never a downloaded browser; these flags keep it quiet offline and as root.

/**
 * Playwright passes Chromium a `--disable-features` list of its own, and Chromium keeps only the
 * last such switch, so ours repeats Playwright's (bench/chromium-args.test.ts checks that it still
 * holds every one) before adding its own.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Headless Chromium builds the omnibox's popup (a hidden WebUI page of some 300 scripts) for each
 * new tab: seconds of CPU on two cores, in the middle of the page loads the benches time.
 */
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
