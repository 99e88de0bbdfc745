import { defineConfig } from 'vitest/config'
import { resolve } from 'node:path'

const alias = { '@shared': resolve(import.meta.dirname, 'src-shared') }

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' }
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000
        }
      }
    ]
  }
})
