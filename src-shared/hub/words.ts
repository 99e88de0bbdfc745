/**
 * The first words of every sentence saying a team hub is out of reach: main writes them, and
 * the window titles such an outage by them ("The team hub can't be reached", not the service).
 */
export const HUB_UNREACHABLE = "The team hub can't be reached"
