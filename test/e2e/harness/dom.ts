/**
 * The few browser types the specs' page functions use. The e2e files are type-checked by
 * tsconfig.node.json (no DOM lib, so that src-main never sees browser globals); page functions
 * reach the page's globals through `globalThis as unknown as PageGlobals`.
 */
interface PageElement {
  textContent: string | null
  setAttribute(name: string, value: string): void
  append(...nodes: PageElement[]): void
}

export interface CspViolation {
  violatedDirective: string
  blockedURI: string
  sourceFile: string
  lineNumber: number
  columnNumber: number
}

export interface PageGlobals {
  document: {
    createElement(tag: string): PageElement
    body: PageElement
    head: PageElement
    title: string
  }
  addEventListener(type: string, listener: (event: CspViolation) => void): void
  [key: string]: unknown
}
