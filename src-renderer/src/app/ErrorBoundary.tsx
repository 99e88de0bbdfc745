import { Component, type ErrorInfo, type ReactNode } from 'react'
import { Alert, Button, Center, Code, Stack, Text } from '@mantine/core'
import { setAppState } from './app-state'

interface Props {
  children: ReactNode
  /** Where it sits, for the message: the whole app, or one screen. */
  area: string
  /** Changes (e.g. the screen id) clear the error, so moving on is a way out. */
  resetKey?: unknown
}

interface State {
  error: Error | null
  resetKey?: unknown
}

/**
 * Catches render errors so the window never goes blank. It shows a plain sentence and a way out;
 * the stack goes to the console (devtools) only, never on screen.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error }
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`StayDesk: ${this.props.area} failed to render`, error, info.componentStack)
    if (this.props.area === 'StayDesk') setAppState('error')
  }

  override render() {
    if (!this.state.error) return this.props.children
    return (
      <Center p="xl" role="alert">
        <Stack maw={560}>
          <Alert color="red" variant="light" title={`${this.props.area} could not be shown`}>
            <Text size="sm">
              Something unexpected happened while drawing this part of StayDesk. Your data is safe.
              Try again; if it keeps happening, restart StayDesk.
            </Text>
            <Code block mt="sm">
              {this.state.error.message.slice(0, 200)}
            </Code>
          </Alert>
          <Button onClick={() => this.setState({ error: null })} w="fit-content">
            Try again
          </Button>
        </Stack>
      </Center>
    )
  }
}
