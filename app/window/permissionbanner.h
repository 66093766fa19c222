// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "userpermissions.h"

#include <QFrame>

class QLabel;

// A strip under the connection bar, shown while the Redis user may not do what the console needs
// (learned at connect, UserPermissions): what cannot be done, why, and what to grant the user.
// Said once here rather than by every action or page failing on its own.
class PermissionBanner final : public QFrame
{
    Q_OBJECT

public:
    explicit PermissionBanner(QWidget *parent = nullptr);

    void setPermissions(const UserPermissions &permissions);
    QString text() const;

private:
    QLabel *m_text;
};
