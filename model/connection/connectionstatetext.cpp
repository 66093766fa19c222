// SPDX-License-Identifier: GPL-3.0-or-later
#include "connectionstatetext.h"

QString ConnectionStateText::word(const ConnectionState &state)
{
    switch (state.phase) {
    case ConnectionState::Phase::Idle: return tr("not connected");
    case ConnectionState::Phase::Connecting: return tr("connecting");
    case ConnectionState::Phase::Ready: return tr("connected");
    case ConnectionState::Phase::Reconnecting: return tr("reconnecting");
    case ConnectionState::Phase::Failed: return tr("failed");
    case ConnectionState::Phase::Closed: return tr("closed");
    }
    return {};
}

QString ConnectionStateText::sentence(const ConnectionState &state)
{
    switch (state.phase) {
    case ConnectionState::Phase::Connecting: return tr("connecting to %1").arg(state.address);
    case ConnectionState::Phase::Ready: return tr("connected to %1").arg(state.address);
    case ConnectionState::Phase::Reconnecting:
        return tr("reconnecting in %n s: %1", nullptr, (state.retryInMs + 999) / 1000).arg(state.error.message);
    case ConnectionState::Phase::Failed: return tr("failed: %1").arg(state.error.message);
    case ConnectionState::Phase::Idle:
    case ConnectionState::Phase::Closed: break;
    }
    return word(state);
}

ThemeColors::Tone ConnectionStateText::tone(const ConnectionState &state)
{
    switch (state.phase) {
    case ConnectionState::Phase::Ready: return ThemeColors::Tone::Good;
    case ConnectionState::Phase::Connecting: return ThemeColors::Tone::Info;
    case ConnectionState::Phase::Reconnecting: return ThemeColors::Tone::Warning;
    case ConnectionState::Phase::Failed: return ThemeColors::Tone::Bad;
    case ConnectionState::Phase::Idle:
    case ConnectionState::Phase::Closed: break;
    }
    return ThemeColors::Tone::Muted;
}
