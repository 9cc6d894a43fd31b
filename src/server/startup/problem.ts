/** A start-up failure already explained in words an operator can act on. */
export class StartupProblem extends Error {}
