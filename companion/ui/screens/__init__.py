"""The table app's screens: each builds a view model and turns presses into results."""
