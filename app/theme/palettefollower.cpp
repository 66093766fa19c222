// SPDX-License-Identifier: GPL-3.0-or-later
#include "palettefollower.h"

#include <QApplication>
#include <QEvent>
#include <QPointer>
#include <QSet>
#include <QWidget>

namespace {
// The one filter on the application object, and the followers it tells. GUI thread only, like
// the widgets the followers belong to.
class ApplicationPaletteWatch final : public QObject
{
public:
    // Made on first use, gone with the application object (a test may make another).
    static ApplicationPaletteWatch *instance()
    {
        static QPointer<ApplicationPaletteWatch> watch;
        if (!watch && qApp)
            watch = new ApplicationPaletteWatch;
        return watch;
    }

    QSet<PaletteFollower *> followers;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (watched == qApp && event->type() == QEvent::ApplicationPaletteChange) {
            // A follower's apply may make or drop followers: those present now are told.
            const QSet<PaletteFollower *> now = followers;
            for (PaletteFollower *follower : now) {
                if (followers.contains(follower))
                    follower->catchUp();
            }
        }
        return false;
    }

private:
    ApplicationPaletteWatch()
        : QObject(qApp)
    {
        qApp->installEventFilter(this);
    }
};
} // namespace

PaletteFollower::PaletteFollower(QWidget *widget, std::function<void()> apply)
    : QObject(widget)
    , m_apply(std::move(apply))
    , m_appliedFor(QApplication::palette())
{
    if (ApplicationPaletteWatch *watch = ApplicationPaletteWatch::instance())
        watch->followers.insert(this);
}

PaletteFollower::~PaletteFollower()
{
    if (ApplicationPaletteWatch *watch = ApplicationPaletteWatch::instance())
        watch->followers.remove(this);
}

PaletteFollower *PaletteFollower::follow(QWidget *widget, std::function<void()> apply, const QString &name)
{
    PaletteFollower *follower = onChange(widget, std::move(apply), name);
    follower->m_apply();
    return follower;
}

PaletteFollower *PaletteFollower::onChange(QWidget *widget, std::function<void()> apply, const QString &name)
{
    if (!name.isEmpty())
        delete widget->findChild<PaletteFollower *>(name, Qt::FindDirectChildrenOnly);
    auto *follower = new PaletteFollower(widget, std::move(apply));
    follower->setObjectName(name);
    return follower;
}

void PaletteFollower::catchUp()
{
    const QPalette now = QApplication::palette();
    if (now == m_appliedFor)
        return;
    m_appliedFor = now;
    m_apply();
}
