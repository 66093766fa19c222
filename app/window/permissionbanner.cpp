// SPDX-License-Identifier: GPL-3.0-or-later
#include "permissionbanner.h"

#include "tonestyle.h"

#include <QHBoxLayout>
#include <QLabel>

PermissionBanner::PermissionBanner(QWidget *parent)
    : QFrame(parent)
    , m_text(new QLabel(this))
{
    setObjectName(QStringLiteral("permissionBanner"));
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse); // the grant to copy into redis-cli
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(10, 6, 10, 6);
    layout->addWidget(m_text, 1);
    hide();
}

void PermissionBanner::setPermissions(const UserPermissions &permissions)
{
    const QString text = permissions.explanation();
    m_text->setText(text);
    // Nothing works without the script: that is an error, not a limit to live with.
    const bool nothingWorks = permissions.status == UserPermissions::Status::NoScripts;
    ToneStyle::set(this, ToneStyle::Look::Banner, nothingWorks ? ToneStyle::Tone::Bad : ToneStyle::Tone::Warning,
                   QStringLiteral("border-width: 0 0 1px 0;"), QStringLiteral("#permissionBanner"));
    setVisible(!text.isEmpty());
}

QString PermissionBanner::text() const
{
    return m_text->text();
}
