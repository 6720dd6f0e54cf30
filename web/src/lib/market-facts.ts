/**
 * The business figures the copy quotes (public site spec §1, §9), in one place so every page
 * says the same thing. Marketing claims, not guarantees: pages show them with their caveats.
 */
export const facts = {
  lotsFrom: '$55,000',
  homesFrom: '$525,000',
  builderPackage: { lots: 5, total: '$275,000', perLot: '$55,000', area: 'Good Hope Bay', minSqFt: '10,000' },
  strRanking: '#7',
  occupancy: '60-61%',
  occupancyRange: '60-65%',
  nationalOccupancy: 'about 50%',
  adr: '$240-$300+',
  adrPremium: '$350-$500+',
  capRateRange: '10-15%',
  modelProperty: { capRate: '16%', roi: '58%' },
  listings: { page: 'about 600', sedona: '3,200+' },
  population: 'about 7,250',
  medianAge: '33',
  medianIncome: 'about $59,850',
  averageRent: 'about $2,000 per month',
  medianListing: 'about $410,000',
  travel: { marina: '3 min', town: '8 min', flagstaff: '2 h', phoenix: '4 h', lasVegas: '4 h' },
} as const;
