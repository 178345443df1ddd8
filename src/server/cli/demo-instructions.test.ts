import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { demoInstructions } from './demo-instructions';

const login = { email: 'demo@replen.example', password: 'Demo-x', products: 300 };

describe('the seed:demo instructions', () => {
  it('name the port from PORT and the data folder the app must open', () => {
    const config = loadConfig({ PORT: '8123', DATA_DIR: 'elsewhere' });
    const lines = demoInstructions(config, login);
    expect(lines[1]).toContain('http://127.0.0.1:8123/login');
    expect(lines[1]).toContain(`with the same DATA_DIR (${config.dataDir})`);
    expect(lines.slice(2)).toEqual(['  email:    demo@replen.example', '  password: Demo-x']);
  });

  it('name DATABASE_URL, not the data folder, when the database is a server', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@localhost:5432/replen' });
    expect(demoInstructions(config, login)[1]).toContain('with the same DATABASE_URL,');
    expect(demoInstructions(config, login)[1]).toContain(':8000/login');
  });
});
