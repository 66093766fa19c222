// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QPalette>

#include <functional>

class QWidget;

// Keeps what a widget drew from the palette (a style sheet, a rich-text colour) in step with the
// application palette: apply runs now and again whenever that palette changes while the widget
// lives (a switch to the dark palette, the desktop's theme changing underneath).
//
// Qt announces the change to the application object (QEvent::ApplicationPaletteChange); a widget
// only hears of it as a PaletteChange of its own, and one with a style sheet not at all. So one
// filter on the application object passes the news to every follower; apply runs only when the
// palette really differs from the one it last ran for.
class PaletteFollower final : public QObject
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(PaletteFollower)

public:
    // The follower is a child of widget and goes with it. A follower given a name replaces the
    // one of that name the widget had: a widget restyled often keeps one, doing the latest.
    static PaletteFollower *follow(QWidget *widget, std::function<void()> apply, const QString &name = {});
    // The same, without running apply now: for what the widget draws later anyway.
    static PaletteFollower *onChange(QWidget *widget, std::function<void()> apply, const QString &name = {});

    ~PaletteFollower() override;

    // Runs apply if the application palette is not the one it last ran for.
    void catchUp();

private:
    PaletteFollower(QWidget *widget, std::function<void()> apply);

    std::function<void()> m_apply;
    QPalette m_appliedFor;
};
