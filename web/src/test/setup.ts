/** Web test setup: Testing Library unmounts what each test rendered, so every test starts from an empty page. */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
