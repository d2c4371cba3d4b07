"""Engine tests: rule by rule, plus property tests over random games."""
