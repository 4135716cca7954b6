// Unit conversion by factor tables: each unit is a multiple of its
// dimension's base unit. Temperature has offsets, so it converts through kelvin.

export class UnitError extends Error {
  override name = 'UnitError'
}

interface Unit {
  dimension: string
  /** How many base units one of this unit is. */
  factor: number
}

const TABLES: Record<string, Record<string, [number, string[]]>> = {
  length: {
    m: [1, ['meter', 'meters', 'metre', 'metres']],
    km: [1000, ['kilometer', 'kilometers', 'kilometre', 'kilometres']],
    cm: [0.01, ['centimeter', 'centimeters', 'centimetre', 'centimetres']],
    mm: [0.001, ['millimeter', 'millimeters', 'millimetre', 'millimetres']],
    mi: [1609.344, ['mile', 'miles']],
    yd: [0.9144, ['yard', 'yards']],
    ft: [0.3048, ['foot', 'feet']],
    in: [0.0254, ['inch', 'inches']],
    nmi: [1852, ['nautical_mile', 'nautical_miles']],
  },
  mass: {
    kg: [1, ['kilogram', 'kilograms', 'kilo', 'kilos']],
    g: [0.001, ['gram', 'grams']],
    mg: [1e-6, ['milligram', 'milligrams']],
    t: [1000, ['tonne', 'tonnes']],
    lb: [0.45359237, ['lbs', 'pound', 'pounds']],
    oz: [0.028349523125, ['ounce', 'ounces']],
  },
  time: {
    s: [1, ['sec', 'second', 'seconds']],
    ms: [0.001, ['millisecond', 'milliseconds']],
    min: [60, ['minute', 'minutes']],
    h: [3600, ['hr', 'hour', 'hours']],
    day: [86400, ['d', 'days']],
    week: [604800, ['wk', 'weeks']],
  },
  volume: {
    l: [1, ['liter', 'liters', 'litre', 'litres']],
    ml: [0.001, ['milliliter', 'milliliters', 'millilitre', 'millilitres']],
    gal: [3.785411784, ['gallon', 'gallons']],
    qt: [0.946352946, ['quart', 'quarts']],
    cup: [0.2365882365, ['cups']],
    floz: [0.0295735295625, ['fl_oz']],
  },
  speed: {
    'm/s': [1, ['mps']],
    'km/h': [1 / 3.6, ['kph', 'kmh']],
    mph: [0.44704, ['mi/h']],
    kn: [1852 / 3600, ['knot', 'knots']],
  },
  data: {
    b: [1, ['byte', 'bytes']],
    kb: [1e3, ['kilobyte', 'kilobytes']],
    mb: [1e6, ['megabyte', 'megabytes']],
    gb: [1e9, ['gigabyte', 'gigabytes']],
    kib: [1024, ['kibibyte', 'kibibytes']],
    mib: [1024 ** 2, ['mebibyte', 'mebibytes']],
    gib: [1024 ** 3, ['gibibyte', 'gibibytes']],
  },
}

// Temperature: value in kelvin = (value + offset) * factor.
const TEMPERATURES: Record<string, { offset: number; factor: number; aliases: string[] }> = {
  c: { offset: 273.15, factor: 1, aliases: ['°c', 'celsius'] },
  f: { offset: 459.67, factor: 5 / 9, aliases: ['°f', 'fahrenheit'] },
  k: { offset: 0, factor: 1, aliases: ['kelvin'] },
}

const UNITS = new Map<string, Unit & { symbol: string }>()
for (const [dimension, table] of Object.entries(TABLES)) {
  for (const [symbol, [factor, aliases]] of Object.entries(table)) {
    for (const key of [symbol, ...aliases]) UNITS.set(key, { dimension, factor, symbol })
  }
}
for (const [symbol, { aliases }] of Object.entries(TEMPERATURES)) {
  for (const key of [symbol, ...aliases]) UNITS.set(key, { dimension: 'temperature', factor: 1, symbol })
}

export interface Conversion {
  value: number
  from: string
  to: string
  result: number
  dimension: string
}

export function convertUnits(value: number, from: string, to: string): Conversion {
  if (!Number.isFinite(value)) throw new UnitError('value must be a finite number')
  const source = lookup(from)
  const target = lookup(to)
  if (source.dimension !== target.dimension) {
    throw new UnitError(
      `cannot convert ${source.dimension} (${source.symbol}) to ${target.dimension} (${target.symbol})`,
    )
  }
  const result =
    source.dimension === 'temperature'
      ? fromKelvin(toKelvin(value, source.symbol), target.symbol)
      : (value * source.factor) / target.factor
  // Twelve significant digits drop float noise (0.30000000000000004) and keep real precision.
  return {
    value,
    from: source.symbol,
    to: target.symbol,
    result: Number(result.toPrecision(12)),
    dimension: source.dimension,
  }
}

export function knownUnits(): string[] {
  return [...new Set([...UNITS.values()].map(unit => unit.symbol))].sort()
}

function lookup(name: string): Unit & { symbol: string } {
  const unit = UNITS.get(name.trim().toLowerCase())
  if (!unit) throw new UnitError(`unknown unit '${name}'; known units: ${knownUnits().join(', ')}`)
  return unit
}

function toKelvin(value: number, symbol: string): number {
  const t = TEMPERATURES[symbol]
  return (value + t.offset) * t.factor
}

function fromKelvin(kelvin: number, symbol: string): number {
  const t = TEMPERATURES[symbol]
  return kelvin / t.factor - t.offset
}
