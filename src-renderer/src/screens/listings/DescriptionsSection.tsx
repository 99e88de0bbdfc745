import { Badge, Stack, Tabs, Text, Title } from '@mantine/core'
import type { Listing } from '@shared/api/listing.schema'
import { languageName, languageOrder } from './listing-words'
import { Section } from './Section'

/**
 * The listing's texts in every language the service publishes, one tab each, English first. A
 * text the service translated automatically says so in its tab and above the text, in words.
 */
export function DescriptionsSection({ listing }: { listing: Listing }) {
  const texts = listing.description ?? {}
  const langs = languageOrder(Object.keys(texts))
  if (langs.length === 0) {
    return (
      <Section title="Descriptions">
        <Text size="sm">The service publishes no description for this listing.</Text>
      </Section>
    )
  }
  return (
    <Section title="Descriptions" testId="listing-descriptions">
      <Tabs defaultValue={langs[0]} keepMountedMode="display-none">
        <Tabs.List aria-label="Description language">
          {langs.map((lang) => (
            <Tabs.Tab
              key={lang}
              value={lang}
              rightSection={
                texts[lang].autoTranslated ? (
                  <Badge size="xs" variant="outline" color="gray">
                    auto-translated
                  </Badge>
                ) : null
              }
            >
              {languageName(lang)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {langs.map((lang) => {
          const d = texts[lang]
          return (
            <Tabs.Panel key={lang} value={lang} pt="sm" data-testid={`description-${lang}`}>
              <Stack gap="xs">
                {d.autoTranslated && (
                  <Text size="xs" c="dimmed">
                    Translated automatically by the service from another language.
                  </Text>
                )}
                <Title order={3} size="h4" lang={lang.toLowerCase()}>
                  {d.headline ?? 'No headline'}
                </Title>
                {d.summary && (
                  <Text size="sm" fw={500} lang={lang.toLowerCase()}>
                    {d.summary}
                  </Text>
                )}
                {d.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-line' }} lang={lang.toLowerCase()}>
                    {d.description}
                  </Text>
                )}
              </Stack>
            </Tabs.Panel>
          )
        })}
      </Tabs>
    </Section>
  )
}
