"""Reliability tests (issue 11): crashes, races, hostile logs, random histories, bad input."""
