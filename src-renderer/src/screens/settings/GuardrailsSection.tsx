import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  Alert as Callout,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { useQuery } from '@tanstack/react-query'
import { ErrorAlert } from '../../components/ErrorAlert'
import { ListingPicker } from '../../components/ListingPicker'
import { formatDateTime } from '../../components/text'
import { IpcError } from '../../ipc/client'
import { useCommandMutation } from '../../ipc/mutation'
import { ALERTS_KEY, rulesQuery } from '../alerts/queries'
import {
  eurosPreview,
  formPathOf,
  newRowKey,
  rulesFromValues,
  valuesFromRules,
  type GuardrailValues
} from './guardrail-form'

/** A rule: its switch (on or off, said in words too), then its field while it is on. */
function Rule({
  label,
  description,
  on,
  onChange,
  testId,
  children
}: {
  label: string
  description: string
  on: boolean
  onChange: (on: boolean) => void
  testId: string
  children?: ReactNode
}) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Stack gap="xs">
        <Switch
          label={label}
          description={description}
          checked={on}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
        {children}
      </Stack>
    </Paper>
  )
}

/**
 * The active profile's rate guardrails (the watch checks them after each sync): each rule
 * switched on or off, its limit typed as the person means it (percent, euros with cents,
 * nights), floors for single listings picked from the offline copy, and Save, which says what
 * it saved and when. Nothing typed is changed behind the person's back: an amount the form
 * can't take exactly is an error under its field.
 */
export function GuardrailsSection() {
  const rules = useQuery(rulesQuery)
  const save = useCommandMutation('watch:set-rules', { invalidates: [ALERTS_KEY] })
  const [savedAt, setSavedAt] = useState<number | null>(null)
  const filled = useRef(false)
  const form = useForm<GuardrailValues>({
    mode: 'controlled',
    initialValues: valuesFromRules({
      priceDropPercent: null,
      floorCents: null,
      listingFloors: [],
      noRate: false,
      minStayLimit: null
    }),
    validate: (v) => {
      const r = rulesFromValues(v)
      return r.ok ? {} : r.errors
    }
  })

  // Filled once from the profile's rules; a re-read must not overwrite what is being typed.
  useEffect(() => {
    if (!rules.data || filled.current) return
    filled.current = true
    form.setValues(valuesFromRules(rules.data))
    form.resetDirty()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rules.data])

  const submit = (e: FormEvent<HTMLFormElement>) =>
    form.onSubmit((v) => {
      const r = rulesFromValues(v)
      if (!r.ok) return
      setSavedAt(null)
      save.mutate(r.rules, {
        onSuccess: (out) => {
          if (out.saved) {
            setSavedAt(Date.now())
            form.resetDirty()
          }
        },
        onError: (err) => {
          const path = err instanceof IpcError && err.field ? formPathOf(err.field) : undefined
          if (path) form.setFieldError(path, err.message)
        }
      })
    })(e)

  const v = form.values
  const input = (path: keyof GuardrailValues) => form.getInputProps(path)
  const refused =
    save.error &&
    !(save.error instanceof IpcError && save.error.field && formPathOf(save.error.field))
      ? save.error
      : null

  if (rules.isError) {
    return (
      <ErrorAlert
        title="The guardrails could not be read"
        error={rules.error}
        onRetry={() => void rules.refetch()}
      />
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Rate guardrails">
      <Stack gap="sm" maw={720}>
        <Title order={2}>Rate guardrails</Title>
        <Text size="sm" c="dimmed">
          After each sync the watch checks the active profile’s published nights against these rules
          and lists what it finds on the Alerts screen.
        </Text>
        <Rule
          label="Price drop"
          description="A night’s published price falls by more than this share of what it was."
          on={v.priceDropOn}
          onChange={(on) => form.setFieldValue('priceDropOn', on)}
          testId="rule-price-drop"
        >
          {v.priceDropOn && (
            <TextInput
              label="Largest drop allowed"
              inputMode="numeric"
              rightSection="%"
              w={220}
              {...input('priceDropPercent')}
            />
          )}
        </Rule>
        <Rule
          label="Portfolio floor"
          description="A night priced under this from today on, open for booking or not (a mistyped rate on an unavailable night sells cheap the day it is released); a listing’s own floor below replaces it."
          on={v.floorOn}
          onChange={(on) => form.setFieldValue('floorOn', on)}
          testId="rule-floor"
        >
          {v.floorOn && (
            <TextInput
              label="Floor"
              inputMode="decimal"
              leftSection="€"
              w={220}
              description={eurosPreview(v.floorEuros) ?? 'In euros, e.g. 30 or 30.50'}
              {...input('floorEuros')}
            />
          )}
        </Rule>
        <Rule
          label="Open nights without a rate"
          description="A night open for booking that has no published rate (inside the rates’ window)."
          on={v.noRate}
          onChange={(on) => form.setFieldValue('noRate', on)}
          testId="rule-no-rate"
        />
        <Rule
          label="Minimum stay jump"
          description="A night’s minimum stay rises above this many nights."
          on={v.minStayOn}
          onChange={(on) => form.setFieldValue('minStayOn', on)}
          testId="rule-min-stay"
        >
          {v.minStayOn && (
            <TextInput
              label="Longest minimum stay allowed"
              inputMode="numeric"
              rightSection="nights"
              rightSectionWidth={60}
              w={260}
              {...input('minStayLimit')}
            />
          )}
        </Rule>

        <Paper withBorder p="sm" radius="md" data-testid="listing-floors">
          <Stack gap="xs">
            <Text fw={500} size="sm" id="listing-floors-title">
              Floors of single listings
            </Text>
            <Text size="xs" c="dimmed">
              A listing’s own floor replaces the portfolio’s for its nights (and applies while the
              portfolio floor is off).
            </Text>
            {v.listingFloors.map((row, i) => (
              <Group
                key={row.key}
                align="flex-start"
                gap="sm"
                role="group"
                aria-label={`Listing floor ${i + 1}`}
              >
                <div style={{ width: 340 }}>
                  <ListingPicker
                    label={`Listing ${i + 1}`}
                    value={row.listingId}
                    onChange={(id) => form.setFieldValue(`listingFloors.${i}.listingId`, id)}
                    error={form.errors[`listingFloors.${i}.listingId`]}
                  />
                </div>
                <TextInput
                  label={`Floor of listing ${i + 1}`}
                  inputMode="decimal"
                  leftSection="€"
                  w={200}
                  description={eurosPreview(row.euros) ?? 'In euros'}
                  {...form.getInputProps(`listingFloors.${i}.euros`)}
                />
                <Button
                  variant="subtle"
                  color="red"
                  mt={44}
                  onClick={() => form.removeListItem('listingFloors', i)}
                  aria-label={`Remove the floor of listing ${i + 1}`}
                >
                  Remove
                </Button>
              </Group>
            ))}
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() =>
                  form.insertListItem('listingFloors', {
                    key: newRowKey(),
                    listingId: null,
                    euros: ''
                  })
                }
              >
                Add a listing’s floor
              </Button>
            </Group>
          </Stack>
        </Paper>

        {typeof form.errors.form === 'string' && (
          <Text c="red" size="sm" role="alert">
            {form.errors.form}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!rules.data}>
            Save the guardrails
          </Button>
          {form.isDirty() && !save.isPending && (
            <Text size="sm" c="dimmed">
              Changes not saved yet
            </Text>
          )}
        </Group>
        {savedAt !== null && !form.isDirty() && (
          <Callout
            color="teal"
            variant="light"
            role="status"
            title="Guardrails saved"
            data-testid="rules-saved"
          >
            Saved {formatDateTime(savedAt)} for the active profile. The watch has checked the
            offline copy with them; price drops and minimum-stay jumps are judged as the next syncs
            bring them.
          </Callout>
        )}
        {save.data && !save.data.saved && (
          <Callout
            color="orange"
            variant="light"
            role="alert"
            title="The guardrails were not saved"
            data-testid="rules-not-saved"
          >
            StayDesk kept the rules it had. Try again; if it persists, restart StayDesk.
          </Callout>
        )}
        {refused && <ErrorAlert title="The guardrails could not be saved" error={refused} />}
      </Stack>
    </form>
  )
}
