import { useState } from 'react';
import type { AccessSchemaTreeResponse } from '../../../core/access/access-requests';
import {
  buildTree,
  grantedList,
  selectedItems,
  toggleLevel,
  toggleOpen,
} from '../../../core/access/permission-tree';
import type { ComponentPath } from '../../../core/access/registry';
import { Button } from '../../ui/Button';
import settings from '../settings/SettingsLayout.module.css';
import styles from './AccessEditor.module.css';
import { useAccessSchemaTree, useSaveAccessSchema } from './api';
import { PermissionTreeView } from './PermissionTreeView';

function AccessEditor({ saved }: { saved: AccessSchemaTreeResponse['finalItems'] }) {
  const [tree, setTree] = useState(() => buildTree(saved));
  const [selected, setSelected] = useState<ComponentPath | null>(null);
  const save = useSaveAccessSchema();
  const granted = grantedList(tree);

  // The selected path is the last node clicked, whichever of its buttons was used.
  const handlers = {
    tree,
    selected,
    onSelect: setSelected,
    onToggleLevel: (path: ComponentPath) => {
      setSelected(path);
      setTree((current) => toggleLevel(current, path));
    },
    onToggleOpen: (path: ComponentPath) => {
      setSelected(path);
      setTree((current) => toggleOpen(current, path));
    },
  };

  return (
    <div className={styles.layout}>
      <div className={settings.section}>
        <h2>Access schema</h2>
        <p className={settings.muted}>
          What members with the user role may see (Can View) and change (Can Edit). Click a level to cycle it;
          a level applies to everything under it.
        </p>
        <PermissionTreeView {...handlers} />
        <p>
          <Button disabled={save.isPending} onClick={() => save.mutate(selectedItems(tree))}>
            Save Access Schema
          </Button>
        </p>
      </div>
      <div className={settings.section}>
        <h2>Selected path</h2>
        <p>
          <output aria-label="Selected path">{selected ?? 'None'}</output>
        </p>
        <h2 id="granted-title">Granted access</h2>
        <ul className={styles.granted} aria-labelledby="granted-title">
          {granted.map((entry) => (
            <li key={entry.path}>
              <code>{entry.path}</code>: {entry.label}
            </li>
          ))}
        </ul>
        {granted.length === 0 ? <p className={settings.muted}>Members see nothing.</p> : null}
      </div>
    </div>
  );
}

/** SPEC 2 /settings/testingTree: the access-schema editor (admin and above; others see the refusal). */
export function AccessEditorPage() {
  const schema = useAccessSchemaTree();
  if (schema.isPending) return <p>Loading...</p>;
  if (schema.isError) {
    return (
      <p className={settings.error} role="alert">
        {schema.error.message}
      </p>
    );
  }
  return <AccessEditor saved={schema.data.finalItems} />;
}
