import { JsonView } from 'react-json-view-lite';
import styles from './json-twilight.module.css';

const TWILIGHT = {
  container: styles.container!,
  basicChildStyle: styles.basicChildStyle!,
  label: styles.label!,
  clickableLabel: styles.clickableLabel!,
  nullValue: styles.nullValue!,
  undefinedValue: styles.undefinedValue!,
  numberValue: styles.numberValue!,
  stringValue: styles.stringValue!,
  booleanValue: styles.booleanValue!,
  otherValue: styles.otherValue!,
  punctuation: styles.punctuation!,
  expandIcon: styles.expandIcon!,
  collapseIcon: styles.collapseIcon!,
  collapsedContent: styles.collapsedContent!,
  childFieldsContainer: styles.childFieldsContainer!,
  ariaLables: { collapseJson: 'collapse JSON', expandJson: 'expand JSON' },
  stringifyStringValues: false,
};

// SPEC 2: collapsed beyond depth 1.
const expandTopLevelOnly = (level: number) => level < 1;

/** An expandable JSON tree of a cell's or row's data. */
export function JsonTree({ data }: { data: object }) {
  return <JsonView data={data} style={TWILIGHT} shouldExpandNode={expandTopLevelOnly} />;
}
